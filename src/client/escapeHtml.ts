// The one escaper for stored text (names, titles) that a library writes into the page as HTML — chart tooltips
// and legends (ApexCharts sets innerHTML), map labels (Leaflet divIcon html). React-rendered text needs none.

/** `&`, `<`, `>`, `"` and `'` as character references: the text shows as written and never becomes markup. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
