import { counted, formatWholeNumber } from './numbers.ts';

/*
 * The words of working a lead to the end (docs/product.md#lead-work): assignment, replies from the lead's page and
 * their delivery, and the e-mails these send. Only the admin and the server read this module (like
 * shared/admin-texts.ts), so the visitor's forms do not carry it.
 */

/** Replies' limits: a subject line and a message of a few pages. */
export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 10_000;

export const LEAD_WORK_TEXT = {
  assignedTo: 'Assigned to',
  assignmentHeading: 'Who works this lead',
  outcome: 'Outcome',
  value: 'Value',
  valueHint: 'What the work is worth, in whole Australian dollars.',
  valueRequired: 'Enter the value won, in whole Australian dollars (for example 12500).',
  valueTooLarge: (max: string) => `The value can be at most ${max} dollars.`,
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
  wonValueHeading: 'Won value by channel',
  wonCampaignHeading: 'Won value by campaign',
  wonValueHint: 'Leads marked Won, by where the visit that sent them came from (the day of that visit).',
  wonLeads: 'Won leads',
  noWonValue: 'No won leads from visits in this period.',

  savedReplies: 'Saved replies',
  savedRepliesIntro: (placeholders: string) =>
    `Messages to reuse in a lead's Reply form. ${placeholders} are filled with the lead's name, company and service and your name.`,
  savedReplyName: 'Name',
  savedReplyBody: 'Message',
  addSavedReply: 'Add saved reply',
  saveSavedReply: 'Save',
  editSavedReply: (name: string) => `Edit ${name}`,
  deleteSavedReply: (name: string) => `Delete ${name}`,
  deleteSavedReplyQuestion: (name: string) => `Delete the saved reply “${name}”?`,
  deleteSavedReplyConfirm: 'Yes, delete it',
  noSavedReplies: 'No saved replies yet.',
  savedReplySaved: (name: string) => `Saved “${name}”.`,
  savedReplyDeleted: (name: string) => `Deleted “${name}”.`,
  savedReplyNameRequired: 'Give the saved reply a name.',
  savedReplyNameTooLong: (max: number) => `A name can be at most ${formatWholeNumber(max)} characters.`,
  savedReplyNameTaken: 'Another saved reply has this name. Choose another.',
  savedReplyGone: 'This saved reply no longer exists.',
  unknownPlaceholders: (found: string[], known: string) =>
    `${found.join(', ')} ${found.length === 1 ? 'is not a placeholder' : 'are not placeholders'}: use ${known}.`,
  chooseSavedReply: 'Saved replies',
  noSavedReplyChosen: 'Write your own',
  savedReplyFilled: (name: string) => `“${name}” filled in with this lead’s details. Check it before sending.`,
  orList: (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? '')),

  followUpHeading: 'Follow-up',
  followUpOn: 'Follow up on',
  followUpNote: 'Note (optional)',
  followUpHint: 'The day to get back to them. It shows under “Follow-ups due” on the dashboard from that morning.',
  saveFollowUp: 'Save follow-up',
  clearFollowUp: 'Clear',
  followUpSaved: (day: string) => `Follow up on ${day}.`,
  followUpCleared: 'No follow-up set.',
  followUpDateInvalid: 'Enter the date as a calendar date, for example 2026-12-03.',
  followUpNoteTooLong: (max: number) => `A follow-up note can be at most ${formatWholeNumber(max)} characters.`,
  followUpsDue: 'Follow-ups due',
  noFollowUpsDue: 'No follow-ups due today.',
  followUpOverdue: 'Overdue',
  followUpToday: 'Today',
  yours: 'Yours',
  /** The morning e-mail of a person's follow-ups due, opt-in on the account page. */
  followUpEmail: {
    heading: 'Follow-ups by e-mail',
    label: 'E-mail me my follow-ups due each morning',
    hint: 'From 7 am on a day you have follow-ups due on leads assigned to you: one e-mail listing them.',
    save: 'Save',
    on: 'You will get an e-mail on mornings with follow-ups due.',
    off: 'No follow-ups e-mail.',
    subject: (n: number, day: string) => `${counted(n, 'follow-up', 'follow-ups')} due ${day}`,
    intro: (name: string) => `Hi ${name}, these leads are yours to follow up today (or overdue):`,
    line: (name: string, day: string, note: string | null, link: string) => `${name}, due ${day}${note ? `: ${note}` : ''}\n${link}`,
    stop: 'You asked for this e-mail on your account page, where you can turn it off.',
  },
  nobody: 'Nobody',
  assign: 'Assign',
  takeIt: 'Assign to me',
  assignedToMe: 'Assigned to me',
  assignedToYou: 'Assigned to you',
  assignmentSaved: (name: string | null) => (name ? `Assigned to ${name}.` : 'No longer assigned to anyone.'),
  /** Sales may take a lead nobody has; moving it between people is for the Owner and Administrators. */
  onlyTakeUnassigned: 'You can assign a lead only to yourself, and only while nobody has it. Ask the Owner or an Administrator to move it.',
  notAssignable: 'That person cannot be assigned leads: choose someone active whose role works leads.',
  leadAssignedMeanwhile: 'Someone else assigned this lead a moment ago. Reload the page to see who has it.',
  /** The history's entries. */
  assignedEntry: (assignee: string, by: string) => `Assigned to ${assignee} by ${by}`,
  unassignedEntry: (assignee: string, by: string) => `Unassigned from ${assignee} by ${by}`,
  releasedEntry: (assignee: string, by: string) => `Unassigned from ${assignee}: account deactivated by ${by}`,
  /** The dashboard's notice after a deactivation left leads with nobody. */
  unassignedAfterDeactivation: (n: number) =>
    `${counted(n, 'open lead has', 'open leads have')} nobody assigned since the account of the person who had them was deactivated.`,
  openInbox: 'Open the inbox',

  reply: 'Reply',
  subject: 'Subject',
  message: 'Message',
  sendReply: 'Send reply',
  sending: 'Sending…',
  subjectFor: (type: 'quote' | 'contact') => (type === 'quote' ? 'Re: your quote request' : 'Re: your message'),
  replyHint: (email: string) => `Sent to ${email} from the company’s address; their answer comes back to your own e-mail.`,
  subjectRequired: 'Write a subject.',
  subjectTooLong: `A subject can be at most ${formatWholeNumber(REPLY_SUBJECT_MAX)} characters.`,
  messageRequired: 'Write the message before sending it.',
  messageTooLong: `A message can be at most ${formatWholeNumber(REPLY_BODY_MAX)} characters.`,
  replyQueued: 'Reply queued. It is sent within a minute; its state shows in the history.',
  tooManyReplies: (perHour: number) => `You have sent ${counted(perHour, 'reply', 'replies')} in the last hour, the most allowed. Try again later.`,
  /** Replying to a lead held as possible spam asks first. */
  spamQuestion: 'This lead is held as possible spam. Send your reply to this address anyway?',
  spamConfirm: 'Yes, send it',
  cancel: 'Cancel',
  spamNotConfirmed: 'This lead is held as possible spam: confirm that you want to reply to it.',
  /** A reply in the history: who sent it and where its e-mail stands. */
  replyEntry: (subject: string) => `Reply: ${subject}`,
  delivery: {
    queued: 'Queued',
    sent: 'Sent',
    failed: (error: string) => `Failed: ${error}`,
  },

  /** The e-mail to the person a lead is assigned to. */
  assignmentEmail: {
    subject: (name: string, service: string) => `Assigned to you: ${name}${service ? ` (${service})` : ''}`,
    body: (assignee: string, by: string, name: string, service: string, link: string) =>
      [
        `Hi ${assignee},`,
        `${by} assigned you a lead: ${name}${service ? `, about ${service}` : ''}.`,
        link,
      ].join('\n\n'),
  },
} as const;

