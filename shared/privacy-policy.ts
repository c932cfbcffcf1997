import { PRIVACY_POLICY_TITLE } from './messages.ts';

/*
 * The privacy policy's words, apart from shared/messages.ts: that catalogue is in the script of every page that
 * hydrates, and only the privacy page (which ships no script) reads these.
 */

/** The privacy policy; the section `afterEmail` belongs to ends with the company's address and that text. */
export const PRIVACY_POLICY_TEXT = {
  title: PRIVACY_POLICY_TITLE,
  description: (name: string) =>
    `How ${name} collects, uses, stores and deletes the personal information you send us, under the Australian Privacy Principles.`,
  lead: 'What we keep when you contact us, why, and how to have it removed.',
  sections: [
    {
      heading: 'What we collect',
      text: 'When you send a contact message or request a quote we keep what you type into the form (your name, email address and, if you give them, your company, phone number and project details), the time you sent it, and a shortened form of your network address to protect the forms against abuse.',
    },
    {
      heading: 'Why we collect it',
      text: 'Only to answer your enquiry, prepare a quote and, if you become a client, deliver the work. We do not sell or share your details with marketers, and our spam check runs on our own server without third-party tracking.',
    },
    {
      heading: 'Where it is kept',
      text: 'On our own servers. Staff access requires an individual account, and every access to enquiries is recorded in an audit log. Enquiries that do not lead to work are deleted after a set period.',
    },
    {
      heading: 'Your rights',
      text: 'Under the Australian Privacy Principles you may ask what we hold about you, ask us to correct it, or ask us to delete it. Email',
      afterEmail: 'from the address you used and we will respond within 30 days.',
    },
    {
      heading: 'Counting visits',
      text: 'We count page views on our own server, with no cookies, no tracking scripts and no other company involved. To tell one day’s visitors apart we mix a shortened form of your network address and your browser’s name with a random value that is replaced at midnight and then deleted, so no one, us included, can recognise you on another day. We note which website or campaign link brought a visit (the website’s name only, never the page you came from). If you send us an enquiry the same day, we keep with it where your visit came from and which of our pages you viewed first, so we learn what helps people find us; that goes when your enquiry is deleted. If your browser sends Global Privacy Control, your visit is counted but never linked to your enquiry.',
    },
    {
      heading: 'Cookies',
      text: 'Public pages set no cookies. The staff sign-in sets one session cookie, used only to keep staff signed in.',
    },
  ],
} as const;
