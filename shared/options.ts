/**
 * Option lists of the lead forms (docs/product.md#options); the schemas, the forms and the admin all read them
 * from here.
 */

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501+'] as const;

export const BUDGETS = ['under $5,000', '$5,000-$15,000', '$15,000-$50,000', '$50,000-$100,000', '$100,000+'] as const;

/**
 * The original brief named a timeline field without options (docs/product.md#differences); a short fixed list
 * keeps answers comparable.
 */
export const TIMELINES = ['As soon as possible', 'Within 1 month', '1-3 months', '3-6 months', 'More than 6 months'] as const;

/** The contact form's Service choice: the ten services, or this value for "Other". */
export const OTHER_SERVICE = 'other';
export const OTHER_SERVICE_LABEL = 'Other';
