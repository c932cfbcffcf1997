import { CallToAction } from '../../components/CallToAction.tsx';
import { Seo } from '../../components/Seo.tsx';
import { ServiceCard } from '../../components/ServiceCard.tsx';
import { Stats } from '../../components/Stats.tsx';
import { usePageContext } from 'vike-react/usePageContext';
import { CATEGORY_LABELS, SERVICES } from '../../shared/services.ts';
import { organizationLd } from '../../shared/structured-data.ts';

export default function HomePage() {
  const { siteUrl, settings } = usePageContext();
  return (
    <>
      <Seo
        title={settings.name}
        description="Network security, datacenter, support, migrations and web solutions for Australian businesses. 99.9% uptime, 24/7 support and a reply within 24 hours."
        jsonLd={organizationLd(settings, siteUrl)}
      />
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">IT infrastructure · Web solutions · Australia-wide</p>
            <h1>Infrastructure that stays up. Websites that win work.</h1>
            <p className="lead">
              {settings.name} designs, secures and supports the networks, servers and websites that Australian
              businesses run on, with engineers who answer the phone at 3 am.
            </p>
            <div className="hero-actions">
              <a href="/quote" className="button button-accent">
                Get a free quote
              </a>
              <a href="/services" className="button button-ghost">
                Explore services
              </a>
            </div>
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
              <path d="M190 110h60M190 190h60M250 110v80M250 150h40" stroke="url(#hero-g)" strokeWidth="4" fill="none" strokeLinecap="round" />
              <rect x="290" y="92" width="84" height="116" rx="12" fill="url(#hero-g)" />
              <rect x="304" y="110" width="56" height="8" rx="4" fill="#fff" fillOpacity=".9" />
              <rect x="304" y="128" width="40" height="6" rx="3" fill="#fff" fillOpacity=".6" />
              <rect x="304" y="146" width="48" height="6" rx="3" fill="#fff" fillOpacity=".6" />
              <circle cx="332" cy="182" r="10" fill="#f59e0b" />
            </svg>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="infra-title">
        <div className="container">
          <div className="section-head">
            <h2 id="infra-title">{CATEGORY_LABELS.infrastructure}</h2>
            <p>From the cabling closet to the cloud: we build it, secure it and keep it running.</p>
          </div>
          <div className="card-grid">
            {SERVICES.filter((s) => s.category === 'infrastructure').map((s) => (
              <ServiceCard key={s.id} service={s} />
            ))}
          </div>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="web-title">
        <div className="container">
          <div className="section-head">
            <h2 id="web-title">{CATEGORY_LABELS.web}</h2>
            <p>Fast, secure websites on Australian infrastructure, with your domains looked after.</p>
          </div>
          <div className="card-grid card-grid-3">
            {SERVICES.filter((s) => s.category === 'web').map((s) => (
              <ServiceCard key={s.id} service={s} />
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="stats-title">
        <div className="container">
          <h2 id="stats-title" className="visually-hidden">
            {settings.name} in numbers
          </h2>
          <Stats />
        </div>
      </section>

      <CallToAction
        title="Tell us what you need"
        text="A three-step quote request takes two minutes. We reply within 24 hours on business days."
      />
    </>
  );
}
