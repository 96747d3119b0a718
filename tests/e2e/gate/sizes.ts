/** The gate's two screens: a landscape monitor at the gate and a tablet standing up. */
export const GATE_SIZES = [
  { name: '1366x768', viewport: { width: 1366, height: 768 } },
  { name: '800x1280', viewport: { width: 800, height: 1280 } },
] as const;
