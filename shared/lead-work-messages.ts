import { counted, formatWholeNumber } from './numbers.ts';
import { SAVED_REPLY_PLACEHOLDERS } from './saved-replies.ts';
import { REPLY_BODY_MAX, REPLY_SUBJECT_MAX } from './lead-work-texts.ts';

/*
 * Working a lead to the end (docs/product.md#lead-work), beyond the lead page's own words (shared/lead-work-texts.ts):
 * the inbox's, the dashboard's, Analytics', the account page's and the saved replies page's words, the server's
 * refusals and the e-mails. Apart so the lead page, the heaviest admin page, does not carry them.
 */
export const LEAD_WORK_MESSAGES = {
  subjectRequired: 'Write a subject.',
  messageRequired: 'Write the message before sending it.',
  followUpDateInvalid: 'Enter the date as a calendar date, for example 2026-12-03.',
  outcome: 'Outcome',
  valueTooLarge: (max: string) => `The value can be at most ${max} dollars.`,
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
  orList: (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? '')),
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
  assignedToMe: 'Assigned to me',
  assignedToYou: 'Assigned to you',
  /** Sales may take a lead nobody has; moving it between people is for the Owner and Administrators. */
  onlyTakeUnassigned: 'You can assign a lead only to yourself, and only while nobody has it. Ask the Owner or an Administrator to move it.',
  notAssignable: 'That person cannot be assigned leads: choose someone active whose role works leads.',
  leadAssignedMeanwhile: 'Someone else assigned this lead a moment ago. Reload the page to see who has it.',
  /** The dashboard's notice after a deactivation left leads with nobody. */
  unassignedAfterDeactivation: (n: number) =>
    `${counted(n, 'open lead has', 'open leads have')} nobody assigned since the account of the person who had them was deactivated.`,
  openInbox: 'Open the inbox',
  subjectTooLong: `A subject can be at most ${formatWholeNumber(REPLY_SUBJECT_MAX)} characters.`,
  messageTooLong: `A message can be at most ${formatWholeNumber(REPLY_BODY_MAX)} characters.`,
  tooManyReplies: (perHour: number) =>
    `You have sent ${counted(perHour, 'reply', 'replies')} in the last hour, the most allowed. Try again later.`,
  spamNotConfirmed: 'This lead is held as possible spam: confirm that you want to reply to it.',
  /** The e-mail to the person a lead is assigned to. */
  assignmentEmail: {
    subject: (name: string, service: string) => `Assigned to you: ${name}${service ? ` (${service})` : ''}`,
    body: (assignee: string, by: string, name: string, service: string, link: string) =>
      [`Hi ${assignee},`, `${by} assigned you a lead: ${name}${service ? `, about ${service}` : ''}.`, link].join('\n\n'),
  },
} as const;

/** "{name}, {company}, {service} or {sender}": the placeholders as the hint and the refusal list them. */
export const PLACEHOLDER_LIST = LEAD_WORK_MESSAGES.orList(SAVED_REPLY_PLACEHOLDERS.map((p) => `{${p}}`));
