/*
 * The product spec (docs/product.md) transcribed by hand, apart from the code under test: what a client built from
 * the spec alone knows about the forms. Tests hold the catalogue to it and post what such a client would post.
 */

/** docs/product.md#quote-services, transcribed: each service's fields and, for lists, their exact options. */
export const PRODUCT_SERVICE_FIELDS: Record<string, Record<string, string[] | 'number' | 'text'>> = {
  'network-security': {
    networkType: ['Wired', 'Wireless', 'Hybrid'],
    securityLevel: ['Basic', 'Enterprise', 'Government'],
    serverCount: 'number',
    userCount: 'number',
  },
  datacenter: { serverCount: 'number', storageSize: 'number', rackSpace: 'number', redundancy: ['Basic', 'High', 'Mission Critical'] },
  'network-support': { userCount: 'number', deviceCount: 'number', supportHours: ['Business Hours', '24/7', 'On-call'] },
  'rollouts-migrations': {
    deviceCount: 'number',
    migrationType: ['Hardware Upgrade', 'Software Migration', 'Cloud Migration', 'Office Relocation'],
    dataSize: 'number',
    downtimeWindow: 'text',
  },
  'it-imacd': {
    serviceType: ['Installation', 'Move', 'Addition', 'Change', 'Disposal'],
    deviceCount: 'number',
    locations: 'number',
    complexity: ['Simple', 'Moderate', 'Complex'],
  },
  'hardware-break-fix': {
    deviceType: ['Desktop', 'Laptop', 'Server', 'Network Equipment', 'Printer'],
    issueType: ['Hardware Failure', 'Software Issue', 'Performance', 'Other'],
    urgency: ['Standard', 'High', 'Emergency'],
    warranty: ['Yes', 'No', 'Unknown'],
  },
  'global-ict-support': {
    supportHours: ['9-5 Business Hours', '24/7 Support', 'On-call Support'],
    userCount: 'number',
    locationCount: 'number',
    responseTime: ['4 Hours', '2 Hours', '1 Hour', '30 Minutes'],
  },
  'web-design': {
    websiteType: ['Corporate', 'E-commerce', 'Portfolio', 'Web Application', 'Other'],
    pageCount: 'number',
    features: ['Basic CMS', 'E-commerce', 'User Accounts', 'Payment Processing', 'Custom Database'],
    designStyle: ['Modern', 'Corporate', 'Creative', 'Minimal', 'Custom'],
  },
  'domain-management': {
    domainCount: 'number',
    domainAction: ['New Registration', 'Transfer', 'Renewal', 'Bulk Management'],
    tldTypes: ['.com.au', '.com', '.net', '.org', 'Multiple'],
    privacy: ['Yes', 'No'],
  },
  'web-hosting': {
    hostingType: ['Shared', 'VPS', 'Dedicated', 'Cloud', 'WordPress Managed'],
    storage: 'number',
    bandwidth: 'number',
    ssl: ['Yes', 'No'],
  },
};

/** docs/product.md#entities: the quote request's fields, in the order listed (a client's form state holds all of them). */
export const PRODUCT_QUOTE_ENTITY = [
  'service',
  'name',
  'email',
  'company',
  'phone',
  'companySize',
  'budget',
  'timeline',
  'startDate',
  'completionDate',
  'description',
  'networkType',
  'securityLevel',
  'serverCount',
  'storageSize',
  'websiteType',
  'pageCount',
  'domainCount',
  'hostingType',
  'supportHours',
  'userCount',
  'rackSpace',
  'redundancy',
  'deviceCount',
  'migrationType',
  'dataSize',
  'downtimeWindow',
  'serviceType',
  'locations',
  'complexity',
  'deviceType',
  'issueType',
  'urgency',
  'warranty',
  'locationCount',
  'responseTime',
  'features',
  'designStyle',
  'domainAction',
  'tldTypes',
  'privacy',
  'storage',
  'bandwidth',
  'ssl',
] as const;

/** docs/product.md#entities: the contact message's fields. */
export const PRODUCT_CONTACT_ENTITY = ['name', 'email', 'company', 'service', 'message'] as const;
