// The quote wizard needs the same public spam-check settings as the contact form.
export { data } from '../contact/+data.ts';
