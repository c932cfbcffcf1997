import { usePageContext } from 'vike-react/usePageContext';

/**
 * The brand mark and name; the mark is decorative, the name is the link text. A logo chosen in the settings takes
 * the place of both, with its alt text (it usually shows the name itself).
 */
export function Logo() {
  const { name, logo } = usePageContext().settings;
  // The stored logo is exactly the image's attributes (src, alt, and its drawn width and height: SiteLogo).
  if (logo) return <img className="logo logo-image" {...logo} />;
  return (
    <span className="logo">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="#1d4ed8" />
        <path d="M9 23V9l14 14V9" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="23" cy="9" r="2.5" fill="#f59e0b" />
      </svg>
      <span className="logo-name">{name}</span>
    </span>
  );
}
