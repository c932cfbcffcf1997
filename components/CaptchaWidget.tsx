import { type DetailedHTMLProps, type HTMLAttributes, type Ref, type RefObject, useEffect, useImperativeHandle, useRef } from 'react';
import { FORM_TEXT } from '../shared/messages.ts';
import { CHALLENGE_PATHS } from '../shared/challenge-paths.ts';
import type { PublicCaptchaConfig } from '../shared/page-context.ts';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & { challenge?: string; auto?: string; name?: string };
    }
  }
}

/** Why no token could be had; the form shows the matching warning (docs/product.md#captcha). */
export class CaptchaProblem extends Error {
  readonly kind: 'notLoaded' | 'empty';
  constructor(kind: 'notLoaded' | 'empty') {
    super(kind);
    this.kind = kind;
  }
}

export interface CaptchaHandle {
  /** A fresh token for this submission; throws CaptchaProblem when there is none. */
  getToken(): Promise<string>;
  /** After a submission, so the next one gets a new token (tokens are single-use). */
  reset(): void;
}

export interface CaptchaWidgetProps {
  config: PublicCaptchaConfig;
  action: 'contact_form' | 'quote_form';
  handle?: Ref<CaptchaHandle>;
}

/** The spam check chosen by CAPTCHA_PROVIDER: ALTCHA (default, self-hosted), reCAPTCHA v3 or Turnstile. */
export function CaptchaWidget({ config, action, handle }: CaptchaWidgetProps) {
  if (config.provider === 'recaptcha') return <Recaptcha siteKey={config.siteKey ?? ''} action={action} handleRef={handle} />;
  if (config.provider === 'turnstile') return <Turnstile siteKey={config.siteKey ?? ''} action={action} handleRef={handle} />;
  return <Altcha handleRef={handle} challengeUrl={CHALLENGE_PATHS.forms} name="altcha" auto="onfocus" />;
}

/**
 * Staff sign-in's proof of work, asked for while sign-in failures spike (server/staff/sign-in-proof.ts). It is
 * shown only once asked for, after a press of Sign in: its code loads and it starts solving at once, so it is done
 * by the next press (a widget still solving would hold that press back).
 */
export function SignInProofWidget({ handle }: { handle: Ref<CaptchaHandle> }) {
  useEffect(() => void import('./altcha-loader.ts'), []);
  return <Altcha handleRef={handle} challengeUrl={CHALLENGE_PATHS.signIn} name="proof" auto="onload" />;
}

/** The widget's methods exist once its script has defined the element. */
type AltchaElement = HTMLElement & {
  verify?: () => Promise<{ payload?: string } | null>;
  reset?: () => void;
};

/**
 * Runs `start` once, on the visitor's first focus, tap or keystroke in the form around `inside` (at once when
 * the focus is already there, e.g. typed into before hydration): the spam check's code is fetched only by
 * visitors who begin to fill in the form, and stays out of the page's initial load.
 */
function useOnFirstInteraction(inside: RefObject<HTMLElement | null>, start: () => void) {
  const started = useRef(start);
  useEffect(() => {
    const form = inside.current?.closest('form');
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      started.current();
    };
    if (!form || form.contains(document.activeElement)) return once();
    const events = ['focusin', 'pointerdown', 'input'] as const;
    for (const type of events) form.addEventListener(type, once, { once: true, passive: true });
    return () => {
      for (const type of events) form.removeEventListener(type, once);
    };
  }, [inside]);
}

interface AltchaProps {
  handleRef: Ref<CaptchaHandle> | undefined;
  challengeUrl: string;
  /** The form field its solution is posted in. */
  name: string;
  /** When it starts solving: on the form's first focus, or as soon as it loads. */
  auto: 'onfocus' | 'onload';
}

function Altcha({ handleRef, challengeUrl, name, auto }: AltchaProps) {
  const element = useRef<HTMLElement>(null);
  const payload = useRef('');
  const loading = useRef<Promise<boolean> | null>(null);
  const load = () => {
    loading.current ??= import('./altcha-loader.ts').then(
      () => true,
      () => false,
    );
    return loading.current;
  };
  useOnFirstInteraction(element, load);

  useEffect(() => {
    const widget = element.current;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      payload.current = detail.state === 'verified' ? (detail.payload ?? '') : '';
    };
    widget?.addEventListener('statechange', onState);
    return () => widget?.removeEventListener('statechange', onState);
  }, []);

  useImperativeHandle(handleRef, () => ({
    async getToken() {
      const isLoaded = await load();
      const widget = element.current as AltchaElement | null;
      if (!isLoaded || typeof widget?.verify !== 'function') throw new CaptchaProblem('notLoaded');
      if (payload.current) return payload.current;
      const result = await widget.verify().catch(() => null);
      const token = result?.payload ?? payload.current;
      if (!token) throw new CaptchaProblem('empty');
      return token;
    },
    reset() {
      payload.current = '';
      (element.current as AltchaElement | null)?.reset?.();
    },
  }));

  return (
    <div className="captcha">
      <altcha-widget ref={element} challenge={challengeUrl} auto={auto} name={name} />
    </div>
  );
}

const scripts = new Map<string, Promise<void>>();

/** Each third-party script is loaded once per page; the CSP allows its origin for the chosen provider only. */
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`could not load ${src}`));
      document.head.append(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** reCAPTCHA v3 is invisible: a token is asked for at submit time, for this form's action. */
function Recaptcha({ siteKey, action, handleRef }: { siteKey: string; action: string; handleRef: Ref<CaptchaHandle> | undefined }) {
  const note = useRef<HTMLParagraphElement>(null);
  const load = () => loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`).catch(() => {});
  useOnFirstInteraction(note, load);
  useImperativeHandle(handleRef, () => ({
    async getToken() {
      await load();
      const grecaptcha = (window as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (!grecaptcha) throw new CaptchaProblem('notLoaded');
      await new Promise<void>((resolve) => grecaptcha.ready(resolve));
      const token = await grecaptcha.execute(siteKey, { action }).catch(() => '');
      if (!token) throw new CaptchaProblem('empty');
      return token;
    },
    reset() {},
  }));
  return (
    <p className="captcha-note" ref={note}>
      {FORM_TEXT.recaptchaNote.before} <a href="https://policies.google.com/privacy">{FORM_TEXT.recaptchaNote.privacy}</a>{' '}
      {FORM_TEXT.recaptchaNote.and} <a href="https://policies.google.com/terms">{FORM_TEXT.recaptchaNote.terms}</a>{' '}
      {FORM_TEXT.recaptchaNote.after}
    </p>
  );
}

interface TurnstileApi {
  render(element: HTMLElement, options: { sitekey: string; action: string }): string;
  getResponse(widgetId: string): string | undefined;
  reset(widgetId: string): void;
}

function Turnstile({ siteKey, action, handleRef }: { siteKey: string; action: string; handleRef: Ref<CaptchaHandle> | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | null>(null);
  useOnFirstInteraction(box, () => {
    loadScript('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit').then(
      () => {
        const turnstile = (window as { turnstile?: TurnstileApi }).turnstile;
        if (turnstile && box.current && widgetId.current === null) {
          widgetId.current = turnstile.render(box.current, { sitekey: siteKey, action });
        }
      },
      () => {},
    );
  });
  useImperativeHandle(handleRef, () => ({
    async getToken() {
      const turnstile = (window as { turnstile?: TurnstileApi }).turnstile;
      if (!turnstile || widgetId.current === null) throw new CaptchaProblem('notLoaded');
      const token = turnstile.getResponse(widgetId.current);
      if (!token) throw new CaptchaProblem('empty');
      return token;
    },
    reset() {
      const turnstile = (window as { turnstile?: TurnstileApi }).turnstile;
      if (turnstile && widgetId.current !== null) turnstile.reset(widgetId.current);
    },
  }));
  return <div className="captcha" ref={box} />;
}
