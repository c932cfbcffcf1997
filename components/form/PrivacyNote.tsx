import { FORM_TEXT } from '../../shared/messages.ts';

/** Beside each lead form: what the form's data is for, and the way to the privacy policy. */
export function PrivacyNote({ text }: { text: string }) {
  return (
    <p className="form-privacy">
      {`${text} `}
      <a href="/privacy">{FORM_TEXT.privacyNote.link}</a>
      {FORM_TEXT.privacyNote.after}
    </p>
  );
}
