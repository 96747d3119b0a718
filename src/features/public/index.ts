/** The public feature's door: what other features may use of it. */
export { FeatureChips } from './FeatureChips';
export { SystemImage } from './SystemImage';
