/** Tab, search and view live in the address (systems tab and cards by default). */
export const SYSTEMS_ORDERS_DEFAULTS = { tab: 'systems', search: '', view: 'cards' };
