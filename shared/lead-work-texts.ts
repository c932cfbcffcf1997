/*
 * The words of working a lead to the end (docs/product.md#lead-work): assignment, replies from the lead's page and
 * their delivery, and the e-mails these send. Only the admin and the server read this module (like
 * shared/admin-texts.ts), so the visitor's forms do not carry it. The lead page's words only: the other pages',
 * the refusals and the e-mails are in shared/lead-work-messages.ts, which the lead page does not load.
 */

/** Replies' limits: a subject line and a message of a few pages. */
export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 10_000;

export const LEAD_WORK_TEXT = {
  assignedTo: 'Assigned to',
  assignmentHeading: 'Who works this lead',
  value: 'Value',
  valueRequired: 'Enter the value won, in whole Australian dollars (for example 12500).',
  valueHint: 'In whole Australian dollars.',
  valueShown: (amount: string) => `Value: ${amount}`,
  lostReason: 'Reason (optional)',
  lostReasonShown: (reason: string) => `Reason: ${reason}`,
  noReason: 'No reason given',
  lostReasons: {
    price: 'Price',
    timing: 'Timing',
    competitor: 'Chose someone else',
    'no-reply': 'Stopped replying',
    'not-a-fit': 'Not a fit',
    other: 'Other',
  },
  markWon: 'Mark won',
  markLost: 'Mark lost',
  chooseSavedReply: 'Saved replies',
  noSavedReplyChosen: 'Write your own',
  savedReplyFilled: (name: string) => `“${name}” filled in for this lead. Check it before sending.`,
  followUpHeading: 'Follow-up',
  followUpOn: 'Follow up on',
  followUpNote: 'Note (optional)',
  followUpHint: 'From that day the lead is under “Follow-ups due” on the dashboard.',
  saveFollowUp: 'Save follow-up',
  clearFollowUp: 'Clear',
  followUpSaved: 'Follow-up saved.',
  followUpCleared: 'No follow-up set.',
  nobody: 'Nobody',
  assign: 'Assign',
  takeIt: 'Assign to me',
  assignmentSaved: (name: string | null) => (name ? `Assigned to ${name}.` : 'No longer assigned to anyone.'),
  /** The history's entries. */
  assignedEntry: (assignee: string, by: string) => `Assigned to ${assignee} by ${by}`,
  unassignedEntry: (assignee: string, by: string) => `Unassigned from ${assignee} by ${by}`,
  releasedEntry: (assignee: string, by: string) => `Unassigned from ${assignee}: account deactivated by ${by}`,
  reply: 'Reply',
  subject: 'Subject',
  message: 'Message',
  sendReply: 'Send reply',
  subjectFor: (type: 'quote' | 'contact') => (type === 'quote' ? 'Re: your quote request' : 'Re: your message'),
  replyHint: (email: string) => `To ${email}; their answer comes back to you.`,
  replyQueued: 'Reply queued: its state shows in the history.',
  /** Replying to a lead held as possible spam asks first. */
  spamQuestion: 'This lead is held as possible spam. Send the reply anyway?',
  spamConfirm: 'Yes, send it',
  cancel: 'Cancel',
  /** A reply in the history: who sent it and where its e-mail stands. */
  replyEntry: (subject: string) => `Reply: ${subject}`,
  delivery: {
    queued: 'Queued',
    sent: 'Sent',
    failed: (error: string) => `Failed: ${error}`,
  },
} as const;
