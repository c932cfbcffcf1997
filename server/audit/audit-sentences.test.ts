import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPart, AuditSubject } from '../../shared/admin.ts';
import { exportTarget, settingsTarget } from './audit-details.ts';
import { auditSentence, referenceOf } from './audit-sentences.ts';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const TZ = 'Australia/Sydney';

function entry(action: string, target: string | null, userId: string | null = null): AuditEntry {
  return { id: 'e', userId, actor: 'sam@northbridge-it.com.au', action, target, ip: null, createdAt: '2026-11-26T01:00:00.000Z' };
}

/** The sentence as a reader sees it, its links in [brackets]. */
function words(parts: AuditPart[]): string {
  return parts.map((p) => (typeof p === 'string' ? p : `[${p.label}]`)).join('');
}

const said = (action: string, target: string | null, subject: AuditSubject | null = null) =>
  words(auditSentence(entry(action, target), subject, TZ));

const lead: AuditSubject = { href: `/admin/leads/quote/${ID}`, label: 'Lena Lead’s quote request' };
const post: AuditSubject = { href: `/admin/blog-editor/${ID}`, label: 'Backups that work' };
const ann: AuditSubject = { href: `/admin/staff/${ID}`, label: 'Ann Lee' };

describe('audit entries in words', () => {
  it('a status change names the lead while it exists, and its type once it is gone', () => {
    expect(said('lead.status', `quote:${ID} new → contacted`, lead)).toBe('Moved [Lena Lead’s quote request] from New to Contacted');
    expect(said('lead.status', `contact:${ID} contacted → lost`)).toBe('Moved a contact message from Contacted to Lost');
    expect(said('lead.not_spam', `quote:${ID} spam → new, 2 notifications queued`, lead)).toBe(
      'Marked [Lena Lead’s quote request] not spam and queued 2 notifications',
    );
    expect(said('lead.deleted', `quote:${ID}`)).toBe('Deleted a quote request');
  });

  it('an export says how many leads and which filter, in words; an old one its filter without a count', () => {
    const target = exportTarget(42, { type: 'quote', status: 'new', from: '2026-11-01', to: '2026-11-30', q: 'ada@example.com' });
    expect(target).not.toContain('ada');
    expect(said('leads.exported', target)).toBe('Exported 42 quote requests (status New, received 1–30 Nov 2026, matching a search)');
    expect(said('leads.exported', exportTarget(1, {}))).toBe('Exported 1 lead');
    expect(said('leads.exported', exportTarget(3, { status: 'possible-spam', service: 'web-hosting', from: '2026-11-01' }))).toBe(
      'Exported 3 leads (status Possible spam, Web Hosting, received from 1 Nov 2026)',
    );
    // A service staff renamed is named as they published it.
    const renamed = auditSentence(entry('leads.exported', exportTarget(2, { service: 'web-hosting' })), null, TZ, {
      'web-hosting': 'Hosting',
    });
    expect(words(renamed)).toBe('Exported 2 leads (Hosting)');
    // Written before the count was kept: the bare filter, search words included.
    expect(said('leads.exported', '{"q":"export.test"}')).toBe('Exported leads (matching a search)');
    expect(said('leads.exported', '{}')).toBe('Exported leads');
  });

  it('a settings change says each old and new value; an old entry only the names', () => {
    const target = settingsTarget([
      { setting: 'phone', from: '02 8005 0142', to: '02 8005 0199' },
      { setting: 'locality', from: 'North Sydney', to: 'Chatswood' },
    ]);
    const sentence = auditSentence(entry('settings.updated', target), null, TZ);
    expect(words(sentence)).toBe(
      'Changed the phone from 02 8005 0142 to 02 8005 0199 and the suburb from North Sydney to Chatswood in the [site settings]',
    );
    expect(sentence).toContainEqual({ href: '/admin/settings', label: 'site settings' });
    expect(said('settings.updated', 'name, phone, social')).toBe('Changed the company name, phone and social links in the [site settings]');
    expect(said('settings.updated', 'nothing')).toBe('Saved the [site settings] without changes');
    expect(said('settings.sign_in_policy', 'two-step sign-in for those who see leads: off → on')).toBe(
      'Required two-step sign-in for everyone who sees leads',
    );
  });

  it('post entries name the post, say times in the company’s zone, and quote the address of a deleted post', () => {
    expect(said('post.published', `${ID} backups-that-work`, post)).toBe('Published the post [Backups that work]');
    expect(said('post.published', `${ID} backups-that-work (scheduled 2026-12-01T22:00:00.000Z)`, post)).toBe(
      'Scheduled the post [Backups that work] to go live on 2 Dec 2026, 9:00 am',
    );
    expect(said('post.restored', `${ID} backups-that-work (version saved 2026-11-25T05:30:00.000Z)`, post)).toBe(
      'Restored the post [Backups that work] to the version saved on 25 Nov 2026, 4:30 pm',
    );
    expect(said('post.deleted', `${ID} backups-that-work`)).toBe('Deleted the post “backups-that-work”');
    expect(said('post.preview_shared', `${ID} (until 2026-12-03T01:00:00.000Z)`)).toBe(
      'Shared a preview of the post (since deleted), open until 3 Dec 2026, 12:00 pm',
    );
  });

  it('staff entries name the person, or the address when the account is gone', () => {
    expect(said('user.role_changed', 'ann@example.com (Editor → Sales)', ann)).toBe('Changed the role of [Ann Lee] from Editor to Sales');
    expect(said('user.invited', 'pat@example.com (Author)')).toBe('Invited pat@example.com as Author');
    expect(said('user.deactivated', 'ann@example.com', ann)).toBe('Deactivated [Ann Lee]');
    expect(said('user.invitation_link', ID)).toBe('Copied an invitation link');
    expect(words(auditSentence(entry('user.created', 'ann@example.com', ID), ann, TZ))).toBe('Accepted an invitation and chose a password');
    expect(said('user.created', 'ann@example.com', ann)).toBe('Created the account of [Ann Lee]');
    expect(said('auth.sign_in_failed', 'nobody@example.com')).toBe('Failed to sign in as nobody@example.com');
  });

  it('counts, names and references kept as words read as sentences', () => {
    expect(said('auth.sessions_ended', '2')).toBe('Signed out 2 other sessions');
    expect(said('outbox.retried-all', '13 notifications')).toBe('Retried 13 failed notifications');
    expect(said('outbox.retried', ID, lead)).toBe('Retried a notification about [Lena Lead’s quote request]');
    expect(said('auth.passkey_added', 'MacBook')).toBe('Added the passkey “MacBook”');
    expect(said('image.uploaded', `${ID} network diagram.png`)).toBe('Uploaded the image “network diagram.png”');
    expect(said('image.alt_changed', `${ID} rack.jpg`)).toBe('Changed the alt text of the image “rack.jpg”');
    expect(said('image.deleted', `${ID} rack.jpg`)).toBe('Deleted the image “rack.jpg”');
    expect(said('images.purged', '3 images (1.2 MB) unused for more than 30 days deleted')).toBe(
      'Deleted 3 images (1.2 MB) unused for more than 30 days',
    );
    expect(said('privacy.erased', 'email#0123456789abcdef01234567: 1 quote request, 0 contact messages and 2 notifications erased')).toBe(
      'Erased 1 quote request, 0 contact messages and 2 notifications held about one e-mail address (reference email#0123456789abcdef01234567)',
    );
    expect(said('leads.purged', '2 quote requests, 1 contact message and 3 notifications older than 30 days deleted')).toBe(
      'Deleted 2 quote requests, 1 contact message and 3 notifications older than 30 days (the retention period)',
    );
  });

  it('a page’s words: the fields a publish changed, on the page or service it links to', () => {
    expect(said('words.published', 'home heroTitle Home')).toBe('Changed the hero title on [Home]');
    expect(said('words.published', 'web-hosting name,summary Managed Hosting')).toBe(
      'Changed the name and the short description on [Managed Hosting]',
    );
    expect(said('words.published', 'about - About')).toBe('Published [About] without changes');
    expect(said('words.draft', 'home seoTitle Home')).toBe('Saved a draft of [Home] changing the SEO title');
    expect(said('words.restored', 'privacy - Privacy')).toBe('Restored an earlier version of [Privacy] as its draft');
    expect(said('words.discarded', 'quote - Get a quote')).toBe('Discarded the draft of [Get a quote]');
    expect(said('words.deleted', `page-${ID} - Careers at Northbridge`)).toBe('Deleted the page “Careers at Northbridge”');
    expect(said('words.published', 'careers title Careers')).toBe('Published a page’s words: careers title Careers');
  });

  it('what cannot be read as more shows its action’s name and the stored text', () => {
    expect(said('lead.status', 'something else')).toBe('Changed lead status: something else');
    expect(said('settings.updated', '{"changes":"x"}')).toBe('Changed site settings: {"changes":"x"}');
    expect(said('image.cropped', `${ID} a.png`)).toBe(`image.cropped: ${ID} a.png`);
    expect(said('post.updated', null)).toBe('Updated post');
  });

  it('finds what each entry is about from its target', () => {
    expect(referenceOf(entry('post.preview_revoked', `${ID} (link ${ID})`))).toEqual({ kind: 'post', id: ID });
    expect(referenceOf(entry('lead.note_added', `contact:${ID}`))).toEqual({ kind: 'contact', id: ID });
    expect(referenceOf(entry('user.role_changed', 'Ann@Example.com (Editor → Sales)'))).toEqual({
      kind: 'person',
      email: 'ann@example.com',
    });
    expect(referenceOf(entry('image.uploaded', `${ID} photo.jpg`))).toEqual({ kind: 'image', id: ID });
    expect(referenceOf(entry('outbox.retried', ID))).toEqual({ kind: 'notification', id: ID });
    expect(referenceOf(entry('leads.exported', '{"q":"ann@example.com"}'))).toBeNull();
  });
});
