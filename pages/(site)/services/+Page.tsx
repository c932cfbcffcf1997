import { usePageContext } from 'vike-react/usePageContext';
import { CallToAction } from '../../../components/CallToAction.tsx';
import { PageHero } from '../../../components/PageHero.tsx';
import { Seo } from '../../../components/Seo.tsx';
import { ServiceIcon } from '../../../components/ServiceIcon.tsx';
import { useData } from 'vike-react/useData';
import { CATEGORY_LABELS, SERVICE_CATEGORIES, type ServiceCategory } from '../../../shared/services.ts';
import { SERVICES_TEXT, SITE_TEXT } from '../../../shared/messages.ts';
import { type SiteWordsData, servicesWithWords } from '../../../shared/site-words.ts';
import { serviceLd } from '../../../shared/structured-data.ts';

function servicesHref(category: ServiceCategory | 'all', serviceId?: string): string {
  const params = new URLSearchParams();
  if (category !== 'all') params.set('category', category);
  if (serviceId) params.set('service', serviceId);
  const query = params.toString();
  return query ? `/services?${query}` : '/services';
}

/**
 * The category filter and service tabs are plain links with the choice in the URL, so every state can be
 * shared, bookmarked and crawled, and works without JavaScript.
 */
export default function ServicesPage() {
  const { urlParsed, siteUrl, settings } = usePageContext();
  const { words } = useData<SiteWordsData>();
  const page = words.pages.services;
  const services = servicesWithWords(words);
  const requestedCategory = urlParsed.search.category;
  const category: ServiceCategory | 'all' = SERVICE_CATEGORIES.find((c) => c === requestedCategory) ?? 'all';
  const visible = services.filter((s) => category === 'all' || s.category === category);
  const requested = services.find((s) => s.id === urlParsed.search.service);
  const selected = requested && visible.includes(requested) ? requested : visible[0]!;
  const filters: Array<ServiceCategory | 'all'> = ['all', ...SERVICE_CATEGORIES];

  return (
    <>
      <Seo
        title={requested ? SERVICES_TEXT.serviceTitle(selected.name) : page.seoTitle}
        description={requested ? selected.summary : page.metaDescription}
        path={requested ? `/services?service=${selected.id}` : '/services'}
        jsonLd={services.map((s) => serviceLd(s, settings, siteUrl))}
        breadcrumb={[{ name: SITE_TEXT.nav.services, path: '/services' }]}
      />
      <PageHero title={page.title} lead={page.lead} />
      <section className="section">
        <div className="container">
          <nav aria-label={SERVICES_TEXT.categoriesNav} className="filter-bar">
            <ul>
              {filters.map((f) => (
                <li key={f}>
                  <a href={servicesHref(f)} className="chip" aria-current={f === category ? 'true' : undefined}>
                    {f === 'all' ? SERVICES_TEXT.allServices : CATEGORY_LABELS[f]}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="services-layout">
            <nav aria-label={SERVICES_TEXT.servicesNav} className="service-tabs">
              <ul>
                {visible.map((s) => (
                  <li key={s.id}>
                    <a
                      href={`${servicesHref(category, s.id)}#service-detail`}
                      aria-current={s.id === selected.id ? 'true' : undefined}
                      className="service-tab"
                    >
                      <ServiceIcon id={s.id} size={22} />
                      <span>{s.name}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            {/* The tabs link here by fragment: on a phone the detail sits below all ten tabs. */}
            <article id="service-detail" className="service-detail" aria-labelledby="service-title">
              <div className="service-detail-head">
                <span className="service-icon service-icon-lg">
                  <ServiceIcon id={selected.id} size={36} />
                </span>
                <div>
                  <p className="eyebrow">{CATEGORY_LABELS[selected.category]}</p>
                  <h2 id="service-title">{selected.name}</h2>
                  <p className="tagline">{selected.tagline}</p>
                </div>
              </div>
              <p>{selected.description}</p>
              <h3>{page.included}</h3>
              <ul className="feature-list">
                {selected.features.map((f, i) => (
                  <li key={i}>{f}</li>
                ))}
              </ul>
              <a href={`/quote?service=${selected.id}`} className="button button-primary">
                {SITE_TEXT.getQuote}
              </a>
            </article>
          </div>
        </div>
      </section>
      <CallToAction title={page.ctaTitle} text={page.ctaText} />
    </>
  );
}
