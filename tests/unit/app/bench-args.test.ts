import { describe, expect, it } from 'vitest';
import { unknownOptions } from '../../../bench/lib';

const USAGE = `
Usage: npx tsx bench/example.ts [options]
  --rate <n>            taps/s (default 100)
  --server-prof         CPU profile of the server
  --help                this text
`;

describe('bench options', () => {
  it('names every option the usage text does not list, and none that it does', () => {
    expect(unknownOptions(USAGE, ['--rate', '50', '--server-prof'])).toEqual([]);
    expect(unknownOptions(USAGE, ['--rates', '50', '--server-prof', '--seconds', '3'])).toEqual(['--rates', '--seconds']);
  });

  it('leaves values and a lone "--" alone', () => {
    expect(unknownOptions(USAGE, ['--', '--rate', '-5'])).toEqual([]);
  });
});
