/*
 * The toolbar's icons: 20 px strokes on a 24 px grid, drawn in currentColor so a pressed button's colours apply.
 * Decorative: each button is named by its aria-label.
 */
const PATHS = {
  bold: 'M7 5h6a3.5 3.5 0 0 1 0 7H7zm0 7h7a3.5 3.5 0 0 1 0 7H7z',
  italic: 'M19 5h-8M13 19H5M15 5 9 19',
  h2: 'M4 6v12M12 6v12M4 12h8M15 10a2.5 2.5 0 1 1 4.3 1.7L15 17h5',
  h3: 'M4 6v12M12 6v12M4 12h8M15 8h5l-3 4a3 3 0 1 1-2.6 4.5',
  bulletList: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  orderedList: 'M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M3.5 14.2a1.3 1.3 0 1 1 2 1.5L3.5 18H6',
  quote: 'M5 17V11a4 4 0 0 1 4-4M5 12h4v5H5zM14 17v-6a4 4 0 0 1 4-4M14 12h4v5h-4z',
  code: 'm8 8-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01',
  undo: 'M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3',
  redo: 'm15 14 5-5-5-5M20 9H10a6 6 0 0 0 0 12h3',
} as const;

export type IconName = keyof typeof PATHS;

export function ToolbarIcon({ name }: { name: IconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
