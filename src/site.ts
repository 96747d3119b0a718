/** Site-wide facts used by the page head and layouts. */
export const PRODUCT_NAME = 'Upgraded Solutions';
export const DEFAULT_DESCRIPTION =
  'Upgraded Solutions, Innovate Applications. We build web apps, IoT systems, and mobile apps tailored to your business.';
export const THEME_COLOR = '#16a34a';
export const DEFAULT_IMAGE = '/logo_big.png';
export const DEFAULT_TYPE = 'website';

/** '{page title} | {product name}', or the product name alone. */
export const documentTitle = (title?: string | null): string => (title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME);
