import { usePageContext } from 'vike-react/usePageContext';
import { Seo } from '../../components/Seo.tsx';

/** The abort reason a page can give with `throw render(404, { title, message, backHref, backLabel })`. */
export interface NotFoundReason {
  title: string;
  message: string;
  backHref: string;
  backLabel: string;
}

function isNotFoundReason(value: unknown): value is NotFoundReason {
  return typeof value === 'object' && value !== null && 'title' in value && 'message' in value;
}

/** 404 and 500 pages. The 500 page says nothing about what failed: details stay in the server log. */
export default function ErrorPage() {
  const { is404, abortReason } = usePageContext();
  const reason = isNotFoundReason(abortReason) ? abortReason : undefined;
  const title = reason?.title ?? (is404 ? 'Page not found' : 'Something went wrong');
  const message =
    reason?.message ??
    (is404
      ? "The page you were looking for doesn't exist or has moved."
      : 'Sorry, something went wrong on our side. Please try again in a moment.');
  return (
    <>
      <Seo title={title} description={message} noindex />
      <section className="section error-page">
        <div className="container narrow">
          <p className="eyebrow">{is404 ? 'Error 404' : 'Error'}</p>
          <h1>{title}</h1>
          <p className="lead">{message}</p>
          <p className="error-actions">
            <a href={reason?.backHref ?? '/'} className="button button-primary">
              {reason?.backLabel ?? 'Back to the home page'}
            </a>
            {!reason && (
              <a href="/contact" className="button button-ghost-dark">
                Contact us
              </a>
            )}
          </p>
        </div>
      </section>
    </>
  );
}
