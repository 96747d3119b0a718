/**
 * The stand-in httpSMS gateway (tests/fixtures/sms-gateway.ts) as its own process, for benches whose load
 * generator must not share an event loop with it (its request handling would show up as latency in the
 * generator's figures). Prints `GATEWAY <url>` once listening; on SIGTERM prints `GATEWAY DONE <messages>
 * <requests>` (messages accepted, one per request_id; every send request) and exits.
 */
import { startStandInGateway } from '../tests/fixtures/sms-gateway';

const gw = await startStandInGateway();
process.stdout.write(`GATEWAY ${gw.url}\n`);
process.on('SIGTERM', () => {
  process.stdout.write(`GATEWAY DONE ${gw.messages.length} ${gw.posts.length}\n`);
  void gw.close().then(() => process.exit(0));
});
