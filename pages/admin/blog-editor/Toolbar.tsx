import { type KeyboardEvent, useRef, useState } from 'react';
import { type IconName, ToolbarIcon } from './toolbar-icons.tsx';

export interface Tool {
  icon: IconName;
  label: string;
  /** The shortcut, `Mod` standing for Ctrl (⌘ on a Mac), as Tiptap binds it. */
  keys?: string[];
  /** Toggles show whether they are on where the cursor is. */
  active?: boolean;
  disabled?: boolean;
  run: () => void;
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** `Ctrl+Shift+8` elsewhere, `⌘⇧8` on a Mac, as each platform writes its shortcuts. */
function shortcutText(keys: string[]): string {
  if (!isMac()) return keys.map((k) => (k === 'Mod' ? 'Ctrl' : k)).join('+');
  const symbols: Record<string, string> = { Mod: '⌘', Alt: '⌥', Shift: '⇧' };
  return keys.map((k) => symbols[k] ?? k).join('');
}

/** aria-keyshortcuts's own spelling: `Control+B`, or `Meta+B` on a Mac. */
function ariaShortcut(keys: string[]): string {
  return keys.map((k) => (k === 'Mod' ? (isMac() ? 'Meta' : 'Control') : k)).join('+');
}

/**
 * A toolbar of icon buttons (ARIA toolbar pattern): one Tab stop, arrow keys, Home and End move between buttons.
 * Each button is named by its label; a tooltip shows the label and shortcut on hover and on keyboard focus.
 */
export function Toolbar({ label, controls, tools }: { label: string; controls: string; tools: Tool[] }) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent) {
    const last = tools.length - 1;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + tools.length) % tools.length;
    setCurrent(index);
    buttons.current[index]?.focus();
  }

  return (
    <div role="toolbar" aria-label={label} aria-controls={controls} className="rte-toolbar" onKeyDown={onKeyDown}>
      {tools.map((tool, i) => (
        <span key={tool.label} className="rte-tool">
          <button
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            className="rte-button"
            aria-label={tool.label}
            aria-pressed={tool.active === undefined ? undefined : tool.active}
            aria-keyshortcuts={tool.keys ? ariaShortcut(tool.keys) : undefined}
            aria-disabled={tool.disabled || undefined}
            tabIndex={i === current ? 0 : -1}
            onFocus={() => setCurrent(i)}
            onClick={() => !tool.disabled && tool.run()}
          >
            <ToolbarIcon name={tool.icon} />
          </button>
          <span className="rte-tip" aria-hidden="true">
            {tool.label}
            {tool.keys && <kbd>{shortcutText(tool.keys)}</kbd>}
          </span>
        </span>
      ))}
    </div>
  );
}
