/**
 * The company profile: the one place to change the name, contact details and social links.
 * The defaults describe a fictional company; replace them before going live.
 */
export const COMPANY = {
  name: 'Northbridge IT',
  legalName: 'Northbridge IT Pty Ltd',
  tagline: 'IT infrastructure and web solutions for Australian businesses',
  email: 'hello@northbridge-it.com.au',
  phone: '+61 2 8005 0142',
  phoneDisplay: '(02) 8005 0142',
  abn: '53 004 085 616',
  founded: 2024,
  address: {
    street: 'Level 4, 88 Walker Street',
    locality: 'North Sydney',
    region: 'NSW',
    postcode: '2060',
    country: 'AU',
  },
  social: [
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/northbridge-it' },
    { name: 'GitHub', url: 'https://github.com/northbridge-it' },
    { name: 'Facebook', url: 'https://www.facebook.com/northbridgeit' },
  ],
  stats: [
    { value: '99.9%', label: 'Uptime' },
    { value: '24/7', label: 'Support' },
    { value: '2024', label: 'Founded' },
  ],
} as const;
