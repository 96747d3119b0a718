/** The console's icons (SVG path data, 24×24 outline): the sidebar's entries and the tiles that lead to them. */
export const ICONS = {
  dashboard: 'M3 12l9-9 9 9M5 10v10h14V10',
  profile: 'M12 12a4 4 0 100-8 4 4 0 000 8zm-8 8a8 8 0 0116 0',
  admins: 'M17 20h5v-2a4 4 0 00-5-4M9 20H2v-2a4 4 0 015-4m6-6a4 4 0 11-8 0 4 4 0 018 0z',
  schools: 'M12 3l9 5-9 5-9-5 9-5zm-6 8v5l6 3 6-3v-5',
  students: 'M12 14l9-5-9-5-9 5 9 5zm0 0v6',
  sms: 'M4 4h16v12H7l-3 3V4z',
  attendance: 'M8 7V3m8 4V3M4 11h16M5 5h14v16H5z',
  devices: 'M7 2h10v20H7zM11 18h2',
  logs: 'M9 17v-6m4 6V7m4 10v-3M4 4h16v16H4z',
  inquiries: 'M3 8l9 6 9-6M4 6h16v12H4z',
  systems: 'M4 6h16M4 12h16M4 18h16',
  calendar: 'M8 7V3m8 4V3M4 11h16M5 5h14v16H5zM9 15h2v2H9z',
  settings: 'M4 6h9m4 0h3M4 12h3m4 0h9M4 18h11m4 0h1M15 4v4M9 10v4M17 16v4',
  sf2: 'M9 17v-2m3 2v-4m3 4v-6M6 3h9l4 4v14H6z',
} as const;
