/**
 * Classes of a Headless UI <Tab> (underline style), shared by every tabbed screen and modal of the console.
 * The ring follows Headless UI's data-focus (keyboard focus only): after a tap the tab is focused, and Chrome
 * would draw :focus-visible on it.
 */
export const tabClass = ({ selected }: { selected: boolean }) =>
  `border-b-2 px-4 py-2 text-sm font-medium focus:outline-none data-[focus]:ring-2 data-[focus]:ring-brand-600 ${
    selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-gray-600 hover:text-gray-900'
  }`;
