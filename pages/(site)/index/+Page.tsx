import { ActionLinks } from '../../../components/ActionLinks.tsx';
import { CallToAction } from '../../../components/CallToAction.tsx';
import { Seo } from '../../../components/Seo.tsx';
import { ServiceCard } from '../../../components/ServiceCard.tsx';
import { Stats } from '../../../components/Stats.tsx';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { HOME_TEXT } from '../../../shared/messages.ts';
import { SERVICE_CATEGORIES } from '../../../shared/services.ts';
import { type SiteWordsData, servicesWithWords } from '../../../shared/site-words.ts';
import { organizationLd } from '../../../shared/structured-data.ts';

export default function HomePage() {
  const { siteUrl, settings } = usePageContext();
  const { words } = useData<SiteWordsData>();
  const home = words.pages.home;
  const services = servicesWithWords(words);
  const bands = {
    infrastructure: { heading: home.infrastructureHeading, intro: home.infrastructureIntro },
    web: { heading: home.webHeading, intro: home.webIntro },
  };
  return (
    <>
      <Seo title={home.seoTitle} description={home.metaDescription} jsonLd={organizationLd(settings, siteUrl)} />
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">{home.eyebrow}</p>
            <h1>{home.heroTitle}</h1>
            <p className="lead">{home.heroText}</p>
            <ActionLinks
              className="hero-actions"
              main={{ href: '/quote', label: home.quoteButton }}
              other={{ href: '/services', label: home.exploreButton }}
            />
          </div>
          <div className="hero-art" aria-hidden="true">
            <svg viewBox="0 0 400 320" width="400" height="320" focusable="false">
              <defs>
                <linearGradient id="hero-g" x1="0" y1="0" x2="1" y2="1">
                  <stop offset="0" stopColor="#1d4ed8" />
                  <stop offset="1" stopColor="#0e9f8e" />
                </linearGradient>
              </defs>
              <rect x="40" y="40" width="150" height="220" rx="14" fill="#13315c" stroke="#8ecae6" strokeOpacity=".4" />
              {[0, 1, 2, 3, 4].map((i) => (
                <g key={i}>
                  <rect x="58" y={62 + i * 40} width="114" height="26" rx="5" fill="#0b2545" />
                  <circle cx="156" cy={75 + i * 40} r="4" fill={i === 2 ? '#f59e0b' : '#0e9f8e'} />
                  <rect x="70" y={72 + i * 40} width="50" height="6" rx="3" fill="#8ecae6" fillOpacity=".5" />
                </g>
              ))}
              <path
                d="M190 110h60M190 190h60M250 110v80M250 150h40"
                stroke="url(#hero-g)"
                strokeWidth="4"
                fill="none"
                strokeLinecap="round"
              />
              <rect x="290" y="92" width="84" height="116" rx="12" fill="url(#hero-g)" />
              <rect x="304" y="110" width="56" height="8" rx="4" fill="#fff" fillOpacity=".9" />
              <rect x="304" y="128" width="40" height="6" rx="3" fill="#fff" fillOpacity=".6" />
              <rect x="304" y="146" width="48" height="6" rx="3" fill="#fff" fillOpacity=".6" />
              <circle cx="332" cy="182" r="10" fill="#f59e0b" />
            </svg>
          </div>
        </div>
      </section>

      {SERVICE_CATEGORIES.map((category, i) => {
        const shown = services.filter((s) => s.category === category);
        return (
          // Every other band is tinted; whatever the width, no row of cards has an empty slot.
          <section key={category} className={i % 2 ? 'section section-tint' : 'section'} aria-labelledby={`${category}-title`}>
            <div className="container">
              <div className="section-head">
                <h2 id={`${category}-title`}>{bands[category].heading}</h2>
                <p>{bands[category].intro}</p>
              </div>
              <div className="card-grid-fill">
                {shown.map((s) => (
                  <ServiceCard key={s.id} service={s} />
                ))}
              </div>
            </div>
          </section>
        );
      })}

      <section className="section" aria-labelledby="stats-title">
        <div className="container">
          <h2 id="stats-title" className="visually-hidden">
            {HOME_TEXT.statsHeading(settings.name)}
          </h2>
          <Stats />
        </div>
      </section>

      <CallToAction title={home.ctaTitle} text={home.ctaText} />
    </>
  );
}
