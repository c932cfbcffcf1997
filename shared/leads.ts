/** A stored quote request as the application sees it (the service-specific answers in `details`). */
export interface QuoteRecord {
  id: string;
  service: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  companySize: string | null;
  budget: string | null;
  timeline: string | null;
  startDate: string;
  completionDate: string;
  description: string;
  details: Record<string, string | number>;
  status: string;
  notes: string | null;
  clientIp: string | null;
  createdAt: string;
  submittedAt: string | null;
}

/** A stored contact message. */
export interface ContactRecord {
  id: string;
  name: string;
  email: string;
  company: string | null;
  service: string | null;
  message: string;
  status: string;
  notes: string | null;
  clientIp: string | null;
  createdAt: string;
  submittedAt: string | null;
}
