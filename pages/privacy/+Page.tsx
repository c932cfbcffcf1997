import { Seo } from '../../components/Seo.tsx';
import { usePageContext } from 'vike-react/usePageContext';

export default function PrivacyPage() {
  const { settings } = usePageContext();
  return (
    <>
      <Seo
        title="Privacy policy"
        description={`How ${settings.name} collects, uses, stores and deletes the personal information you send us, under the Australian Privacy Principles.`}
      />
      <section className="page-hero">
        <div className="container">
          <h1>Privacy policy</h1>
          <p className="lead">What we keep when you contact us, why, and how to have it removed.</p>
        </div>
      </section>
      <section className="section">
        <div className="container prose">
          <h2>What we collect</h2>
          <p>
            When you send a contact message or request a quote we keep what you type into the form (your name, email
            address and, if you give them, your company, phone number and project details), the time you sent it, and
            a shortened form of your network address to protect the forms against abuse.
          </p>
          <h2>Why we collect it</h2>
          <p>
            Only to answer your enquiry, prepare a quote and, if you become a client, deliver the work. We do not sell or
            share your details with marketers, and our spam check runs on our own server without third-party tracking.
          </p>
          <h2>Where it is kept</h2>
          <p>
            On our own servers. Staff access requires an individual account, and every access to enquiries is recorded in
            an audit log. Enquiries that do not lead to work are deleted after a set period.
          </p>
          <h2>Your rights</h2>
          <p>
            Under the Australian Privacy Principles you may ask what we hold about you, ask us to correct it, or ask us to
            delete it. Email <a href={`mailto:${settings.email}`}>{settings.email}</a> from the address you used and we will
            respond within 30 days.
          </p>
          <h2>Cookies</h2>
          <p>
            Public pages set no cookies. The staff sign-in sets one session cookie, used only to keep staff signed in.
          </p>
        </div>
      </section>
    </>
  );
}
