/** One-line descriptions of each tool for the home page's quick actions, keyed like the nav items. */
export const TOOL_DESCRIPTIONS: Record<string, string> = {
  chat: 'Ask questions about HTMs, HBNs, legislation and CQC standards, with answers cited to the library.',
  write: 'Turn a meeting transcript into minutes, an action log or a report you can edit and download.',
  review: 'Check a policy against current regulations and get findings with suggested fixes.',
  wiki: 'Browse and search the regulatory library by category, domain and subdomain.',
  reports: 'See workforce adoption, tool usage and estimated time saved across your organisation.',
  tutorials: 'Step-by-step guides for every Verity tool.',
  dashboard: "Follow your organisation's activity and invite colleagues to Verity.",
  admin: 'Manage organisations and feature flags, and read the audit log of every change.',
};
