import { usePageContext } from 'vike-react/usePageContext';
import { CallToAction } from '../../components/CallToAction.tsx';
import { Seo } from '../../components/Seo.tsx';
import { Stats } from '../../components/Stats.tsx';
import { COMPANY } from '../../shared/company.ts';
import { breadcrumbLd } from '../../shared/structured-data.ts';

const VALUES = [
  {
    name: 'Excellence',
    text: 'We document what we build, test what we change and measure what we promise. Good enough is not a standard.',
  },
  {
    name: 'Collaboration',
    text: 'Your team knows your business; we know infrastructure. Projects go best when we plan them together.',
  },
  {
    name: 'Innovation',
    text: 'We adopt new technology when it makes your systems safer, simpler or cheaper to run, not because it is new.',
  },
  {
    name: 'Global Mindset',
    text: 'Australian-based and internationally experienced: we support offices and users wherever your business operates.',
  },
] as const;

export default function AboutPage() {
  const { siteUrl, settings } = usePageContext();
  return (
    <>
      <Seo
        title="About us"
        description={`${settings.name} was founded in ${COMPANY.founded} in Sydney to give Australian businesses enterprise-grade infrastructure and web solutions with a personal service.`}
        jsonLd={breadcrumbLd(siteUrl, [
          { name: 'Home', path: '/' },
          { name: 'About', path: '/about' },
        ])}
      />
      <section className="page-hero">
        <div className="container">
          <h1>About {settings.name}</h1>
          <p className="lead">Enterprise-grade infrastructure, small-business attention.</p>
        </div>
      </section>
      <section className="section">
        <div className="container prose-columns">
          <div className="prose">
            <h2>Our story</h2>
            <p>
              {settings.name} was founded in {COMPANY.founded} by engineers who had spent years running networks and
              datacentres for large organisations, and kept meeting growing businesses that were underserved: too big
              for a friend who &quot;knows computers&quot;, too small for the attention of a global integrator.
            </p>
            <p>
              We built the company around that gap. The same team designs your network, rolls out your hardware, hosts
              your website and answers your support calls, so nothing is lost between vendors and someone always owns
              the outcome.
            </p>
            <p>
              Today we look after offices, warehouses, clinics and online shops across Australia and support their
              staff overseas, with a 99.9% uptime commitment and engineers on call around the clock.
            </p>
          </div>
          <Stats />
        </div>
      </section>
      <section className="section section-tint" aria-labelledby="values-title">
        <div className="container">
          <div className="section-head">
            <h2 id="values-title">Our values</h2>
            <p>Four commitments that decide how we work, every day.</p>
          </div>
          <div className="card-grid card-grid-4">
            {VALUES.map((value) => (
              <article key={value.name} className="card value-card">
                <h3 className="card-title">{value.name}</h3>
                <p>{value.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <CallToAction
        title="Let's work together"
        text="Tell us about your environment and goals; we'll come back within 24 hours on business days."
      />
    </>
  );
}
