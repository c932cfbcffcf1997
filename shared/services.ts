/**
 * Service catalogue — the single source of truth for Northbridge IT's services.
 * Pages, forms, schemas and the admin area should all read service data from here.
 */

export const SERVICE_CATEGORIES = ['infrastructure', 'web'] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const SERVICE_IDS = [
  'network-security',
  'datacenter',
  'network-support',
  'rollouts-migrations',
  'it-imacd',
  'hardware-break-fix',
  'global-ict-support',
  'web-design',
  'domain-management',
  'web-hosting',
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

export interface Service {
  id: ServiceId;
  category: ServiceCategory;
  name: string;
  tagline: string;
  summary: string;
  description: string;
  features: readonly string[];
}

export const SERVICES: readonly Service[] = [
  {
    id: 'network-security',
    category: 'infrastructure',
    name: 'Network Security',
    tagline: 'Layered protection for your network and people',
    summary:
      'Firewalls, secure remote access and monitoring designed around how your business actually works, aligned with the Essential Eight.',
    description:
      'We assess your current network, close the obvious gaps first and then build layered controls that fit your size and budget. Firewall rules, remote access, email filtering and endpoint protection are configured, documented and reviewed on a regular schedule. You receive plain-English reports showing what changed and which risks remain.',
    features: [
      'Next-generation firewall design, deployment and rule reviews',
      'Secure remote access with VPN or zero trust network access',
      'Multi-factor authentication rollout for staff and administrators',
      'Essential Eight maturity assessment and remediation plan',
      'Endpoint protection with centralised alerting',
      'Quarterly vulnerability scans and patch compliance reporting',
    ],
  },
  {
    id: 'datacenter',
    category: 'infrastructure',
    name: 'Datacenter Solutions',
    tagline: 'Reliable compute, storage and colocation',
    summary:
      'Server, storage and virtualisation platforms designed, installed and maintained in your comms room or an Australian colocation facility.',
    description:
      'We size servers, storage and virtualisation platforms for the workloads you run today and the growth you expect over the next few years. Equipment can live on your premises or in a Tier III Australian colocation facility, with rack layout, power and cooling planned before anything is installed. Backups, replication and documented recovery procedures are part of every build, not an optional extra.',
    features: [
      'Server and storage sizing based on measured workloads',
      'VMware, Hyper-V and Proxmox virtualisation builds',
      'Colocation rack planning, cabling and power budgeting',
      'Backup and replication with scheduled restore testing',
      'Hardware lifecycle tracking and warranty management',
      'Capacity and performance reporting',
    ],
  },
  {
    id: 'network-support',
    category: 'infrastructure',
    name: 'Network Support',
    tagline: 'Stable, monitored networks across every site',
    summary: 'Ongoing monitoring, maintenance and troubleshooting for switches, Wi-Fi, routers and WAN links across one site or many.',
    description:
      'Our engineers monitor your switches, wireless access points, routers and internet links around the clock and respond to faults before most users notice. Firmware, configuration backups and change records are kept current so every site is built the same way. When something does fail, we coordinate with your carrier or vendor until the issue is resolved.',
    features: [
      '24/7 monitoring of switches, Wi-Fi, routers and WAN links',
      'Wireless site surveys and coverage planning',
      'Firmware updates and configuration backups',
      'Carrier and vendor fault escalation on your behalf',
      'VLAN, SD-WAN and site-to-site VPN configuration',
      'Up-to-date network diagrams and documentation',
    ],
  },
  {
    id: 'rollouts-migrations',
    category: 'infrastructure',
    name: 'Rollouts & Migrations',
    tagline: 'Planned moves with minimal disruption',
    summary: 'Structured project delivery for office relocations, hardware refreshes, cloud migrations and multi-site technology rollouts.',
    description:
      'Whether you are moving offices, replacing a fleet of laptops or shifting workloads to the cloud, we plan each step, agree on cut-over windows and test before anything goes live. Work is scheduled after hours or in stages so your team can keep trading. Every project finishes with a handover pack, updated documentation and a clear list of what was changed.',
    features: [
      'Discovery, scoping and a written project plan',
      'Office relocations and new site fit-outs',
      'Desktop and laptop fleet refreshes at scale',
      'Microsoft 365 and cloud workload migrations',
      'After-hours and staged cut-overs with rollback plans',
      'Asset disposal with certified data sanitisation',
    ],
  },
  {
    id: 'it-imacd',
    category: 'infrastructure',
    name: 'IT IMACD',
    tagline: 'Install, move, add, change and dispose',
    summary: 'Day-to-day install, move, add, change and disposal services for the devices, users and workspaces in your organisation.',
    description:
      'IMACD covers the routine changes every organisation makes: onboarding staff, relocating desks, adding equipment and retiring old devices. We handle these requests through a single ticket with agreed turnaround times, so nothing falls between teams. Asset registers are updated as work is completed, giving you an accurate picture of what you own and where it is.',
    features: [
      'New starter device setup and account provisioning',
      'Desk, printer and equipment moves',
      'Peripheral and software installs to a standard build',
      'Configuration changes tracked against change records',
      'Secure device wiping and environmentally responsible disposal',
      'Asset register updated as each job closes',
    ],
  },
  {
    id: 'hardware-break-fix',
    category: 'infrastructure',
    name: 'Hardware Break/Fix',
    tagline: 'Fast on-site repairs to keep you working',
    summary:
      'On-site and depot repair for desktops, laptops, servers, printers and network equipment, with parts sourcing and warranty handling.',
    description:
      'When hardware fails, a technician diagnoses the fault, sources parts and repairs or replaces the device on site or at our depot. We manage manufacturer warranty claims for you and can supply loan equipment so staff are not left waiting. Each job is logged with the fault, the fix and the parts used, which helps identify models that fail more often than they should.',
    features: [
      'On-site diagnosis and repair across metro Sydney',
      'Desktop, laptop, server, printer and network device repairs',
      'Manufacturer warranty claims lodged and managed',
      'Loan devices available for extended repairs',
      'Parts sourcing through Australian distributors',
      'Fault history reporting by make and model',
    ],
  },
  {
    id: 'global-ict-support',
    category: 'infrastructure',
    name: 'Global ICT Support',
    tagline: 'One partner for every office, everywhere',
    summary: 'Coordinated ICT support for organisations with staff and offices outside Australia, delivered through one point of contact.',
    description:
      'If your organisation operates offices or remote staff overseas, we coordinate support through a vetted network of field engineers while you deal with a single team in Sydney. Standard builds, shared documentation and consistent service levels apply at every location. Local logistics, such as shipping hardware, customs paperwork and on-site visits, are arranged on your behalf.',
    features: [
      'Single point of contact for all locations',
      'Field engineer dispatch through vetted international partners',
      'Consistent standard builds and documentation across sites',
      'Hardware logistics, shipping and customs coordination',
      'Follow-the-sun service desk coverage',
      'Consolidated reporting across every region',
    ],
  },
  {
    id: 'web-design',
    category: 'web',
    name: 'Web Design',
    tagline: 'Clear, fast websites that win enquiries',
    summary: 'Responsive, accessible websites built around your customers, with content you can update yourself after launch.',
    description:
      'We start with your customers and the enquiries you want to receive, then design pages that load quickly and read clearly on any device. Sites are built to WCAG 2.2 AA accessibility guidelines and include the basics of search optimisation from day one. After launch you can edit content yourself, and we remain available for changes and improvements.',
    features: [
      'Discovery workshop and site structure planning',
      'Responsive design tested on phones, tablets and desktops',
      'Accessibility to WCAG 2.2 AA',
      'On-page search optimisation and analytics setup',
      'Easy-to-use content management with staff training',
      'Enquiry and quote forms connected to your inbox or CRM',
    ],
  },
  {
    id: 'domain-management',
    category: 'web',
    name: 'Domain Management',
    tagline: 'Your domains, renewed, secured and organised',
    summary:
      'Registration, renewal, transfers and DNS management for .com.au, .au and international domains, kept in your organisation’s name.',
    description:
      'We register and renew your domains, including .com.au and .au names that need an Australian eligibility check, and make sure they are held in your organisation’s name. DNS records for email, websites and verification are managed with change history so nothing breaks unexpectedly. Renewal dates are tracked centrally, so a forgotten expiry never takes your website or email offline.',
    features: [
      '.com.au, .au and international domain registration',
      'Eligibility checks and registrant details kept accurate',
      'Domain transfers between registrars',
      'DNS hosting with change history',
      'SPF, DKIM and DMARC email authentication records',
      'Auto-renewal and expiry monitoring',
    ],
  },
  {
    id: 'web-hosting',
    category: 'web',
    name: 'Web Hosting',
    tagline: 'Fast, secure Australian hosting, fully managed',
    summary: 'Managed hosting on Australian servers with daily backups, SSL certificates, monitoring and a 99.9% uptime target.',
    description:
      'Your website runs on servers located in Australia, with daily off-site backups, automatic SSL certificates and continuous uptime monitoring. We apply security updates, watch resource usage and scale plans as your traffic grows. If something goes wrong, our support team is available 24/7 and can restore a known-good copy of your site quickly.',
    features: [
      'Servers located in Australian data centres',
      'Daily off-site backups with 30-day retention',
      'Free SSL certificates with automatic renewal',
      '99.9% uptime target with continuous monitoring',
      'Managed WordPress, PHP and static site hosting',
      'Security patching and malware scanning',
    ],
  },
];

/** The services page's address: the header's link to it keeps the menu of every service (docs/product.md#navigation). */
export const SERVICES_LINK = '/services';

export const CATEGORY_LABELS: Record<ServiceCategory, string> = {
  infrastructure: 'IT Infrastructure',
  web: 'Web Solutions',
};

const SERVICE_ID_SET: ReadonlySet<string> = new Set<string>(SERVICE_IDS);

export function isServiceId(value: unknown): value is ServiceId {
  return typeof value === 'string' && SERVICE_ID_SET.has(value);
}

export function getService(id: string): Service | undefined {
  return SERVICES.find((service) => service.id === id);
}
