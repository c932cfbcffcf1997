import type { ServiceId } from '../shared/services.ts';

/** A rectangle with rounded corners as path data, so that an icon is one list of paths. */
function rect(x: number, y: number, width: number, height: number, r: number): string {
  const [w, h] = [width - 2 * r, height - 2 * r];
  return `M${x + r} ${y}h${w}a${r} ${r} 0 0 1 ${r} ${r}v${h}a${r} ${r} 0 0 1 ${-r} ${r}h${-w}a${r} ${r} 0 0 1 ${-r} ${-r}v${-h}a${r} ${r} 0 0 1 ${r} ${-r}z`;
}

/** A circle as path data: two half-circle arcs. */
function circle(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;
}

/**
 * Line icons for each service, drawn on a 24×24 grid; "h.01" is a dot (a round cap on a tiny stroke).
 * Strokes inherit `currentColor`, so colour the icon with CSS `color`.
 */
const ICON_PATHS: Record<ServiceId, readonly string[]> = {
  // Shield with a padlock
  'network-security': [
    'M12 3l7 3v5c0 4.6-3 8.4-7 10-4-1.6-7-5.4-7-10V6l7-3z',
    rect(9, 11, 6, 4.75, 1),
    'M10.25 11V9.5a1.75 1.75 0 0 1 3.5 0V11',
  ],
  // Server rack with three units
  datacenter: [rect(4, 3, 16, 18, 2), 'M4 9h16M4 15h16', 'M7.5 6h.01M7.5 12h.01M7.5 18h.01', 'M11 6h5.5M11 12h5.5M11 18h5.5'],
  // Hub with four connected nodes
  'network-support': [
    circle(12, 12, 2.5),
    circle(5, 5, 2),
    circle(19, 5, 2),
    circle(5, 19, 2),
    circle(19, 19, 2),
    'M6.4 6.4l3.8 3.8M17.6 6.4l-3.8 3.8M6.4 17.6l3.8-3.8M17.6 17.6l-3.8-3.8',
  ],
  // Two systems with arrows moving between them
  'rollouts-migrations': [
    rect(3, 3, 6, 6, 1),
    rect(15, 15, 6, 6, 1),
    'M9 6h5a4 4 0 0 1 4 4v2.5',
    'M15.5 10.5L18 13l2.5-2.5',
    'M15 18h-5a4 4 0 0 1-4-4v-2.5',
    'M3.5 13.5L6 11l2.5 2.5',
  ],
  // Toolbox with handle and latch
  'it-imacd': [rect(3, 8, 18, 12, 2), 'M9 8V6a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2', 'M3 13h7.5M13.5 13H21', rect(10.5, 11.5, 3, 3, 0.5)],
  // Open-ended spanner beside a microchip
  'hardware-break-fix': [
    'M17.04 5.8l-2.16 2.16-1.84-1.84 2.16-2.16a3.6 3.6 0 0 0-4.63 4.98l-6.4 6.41a1.05 1.05 0 0 0 1.48 1.48l6.41-6.4a3.6 3.6 0 0 0 4.98-4.63z',
    rect(14.5, 14.5, 6, 6, 1),
    'M16.5 16.5h2v2h-2z',
    'M16.5 12.75v1.75M18.5 12.75v1.75M16.5 20.5v1.75M18.5 20.5v1.75M12.75 16.5h1.75M12.75 18.5h1.75M20.5 16.5h1.75M20.5 18.5h1.75',
  ],
  // Globe with meridian and parallels
  'global-ict-support': [
    circle(12, 12, 9),
    'M12 3c2.4 2.5 3.7 5.5 3.7 9s-1.3 6.5-3.7 9c-2.4-2.5-3.7-5.5-3.7-9s1.3-6.5 3.7-9z',
    'M3 12h18M4 8h16M4 16h16',
  ],
  // Browser window with a page layout
  'web-design': [rect(3, 4, 18, 16, 2), 'M3 8h18', 'M6 6h.01M8.5 6h.01M11 6h.01', 'M9 8v12', 'M12 11.5h6M12 14.5h6M12 17.5h3.5'],
  // Small globe with a name tag
  'domain-management': [
    circle(8.5, 8.5, 5.5),
    'M8.5 3c1.5 1.5 2.2 3.4 2.2 5.5s-.7 4-2.2 5.5c-1.5-1.5-2.2-3.4-2.2-5.5s.7-4 2.2-5.5zM3 8.5h11',
    'M15 13h5a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1h-5l-3-4 3-4z',
    'M15.5 17h.01',
  ],
  // Cloud above a stack of servers
  'web-hosting': [
    'M7 11h10.5a2.75 2.75 0 0 0 .2-5.49A4.5 4.5 0 0 0 9.1 4.9 3.1 3.1 0 0 0 7 11z',
    'M12 11v3',
    rect(4, 14, 16, 7, 1.5),
    'M4 17.5h16',
    'M7 15.75h.01M7 19.25h.01M10.5 15.75h6.5M10.5 19.25h6.5',
  ],
};

export function ServiceIcon({ id, size = 40 }: { id: ServiceId; size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[id].join('')} />
    </svg>
  );
}
