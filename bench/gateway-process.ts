/**
 * The stand-in httpSMS gateway (tests/fixtures/sms-gateway/) as its own process, for benches whose load
 * generator must not share an event loop with it (its request handling would show up as latency in the
 * generator's figures). Prints `GATEWAY <url>` once listening; on SIGTERM prints `GATEWAY DONE <messages>
 * <requests>` (messages accepted, one per request_id; every send request) and exits. With GATEWAY_TIMES_FILE set it
 * first writes there, as JSON, when each message's request arrived ({ requestId: ISO time }): bench:drain-taps times
 * a tap's SMS from the tap to its gateway request.
 */
import fs from 'node:fs';
import { startStandInGateway } from '../tests/fixtures/sms-gateway';

const gw = await startStandInGateway();
process.stdout.write(`GATEWAY ${gw.url}\n`);
process.on('SIGTERM', () => {
  const file = process.env.GATEWAY_TIMES_FILE;
  if (file) fs.writeFileSync(file, JSON.stringify(Object.fromEntries(gw.messages.map((m) => [m.requestId, m.at]))));
  process.stdout.write(`GATEWAY DONE ${gw.messages.length} ${gw.posts.length}\n`);
  void gw.close().then(() => process.exit(0));
});
