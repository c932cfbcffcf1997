import type { DiffPart, PublishState, RevisionDiff } from '../../../shared/revisions.ts';
import { REVISION_TEXT } from '../../../shared/revisions.ts';
import { formatDateTime } from '../ui/format.ts';

/**
 * Words removed since the version (struck through, in <del>) and added (underlined, in <ins>). Screen readers do
 * not read those elements out as such, so each run says where it starts and ends in words only they hear.
 */
export function DiffText({ parts }: { parts: DiffPart[] }) {
  return parts.map((part, i) =>
    part.op === 'same' ? (
      <span key={i}>{part.text}</span>
    ) : part.op === 'removed' ? (
      <del key={i}>
        <span className="visually-hidden">{`${REVISION_TEXT.removedStart} `}</span>
        {part.text}
        <span className="visually-hidden">{` ${REVISION_TEXT.removedEnd} `}</span>
      </del>
    ) : (
      <ins key={i}>
        <span className="visually-hidden">{`${REVISION_TEXT.addedStart} `}</span>
        {part.text}
        <span className="visually-hidden">{` ${REVISION_TEXT.addedEnd} `}</span>
      </ins>
    ),
  );
}

function publishText(state: PublishState, timeZone: string): string {
  if (!state.published) return REVISION_TEXT.draft;
  const when = formatDateTime(state.publishedAt, timeZone);
  return Date.parse(state.publishedAt) > Date.now() ? REVISION_TEXT.scheduledFor(when) : REVISION_TEXT.publishedOn(when);
}

/** What changed from a version to the current post: each field that differs, publishing, then the body. */
export function RevisionDiffView({ diff, timeZone }: { diff: RevisionDiff; timeZone: string }) {
  const { fields, publishing, content } = diff;
  if (!fields.length && !publishing && content === null) return <p>{REVISION_TEXT.sameAsCurrent}</p>;
  return (
    <div className="revision-diff">
      <p className="muted">{REVISION_TEXT.legend}</p>
      <dl>
        {fields.map(({ field, parts }) => (
          <div key={field} className="diff-field">
            <dt>{REVISION_TEXT.fieldLabels[field]}</dt>
            <dd className="diff-text">
              <DiffText parts={parts} />
            </dd>
          </div>
        ))}
        {publishing && (
          <div className="diff-field">
            <dt>{REVISION_TEXT.fieldLabels.publishing}</dt>
            <dd className="diff-text">
              <DiffText
                parts={[
                  { op: 'removed', text: publishText(publishing.before, timeZone) },
                  { op: 'same', text: ' ' },
                  { op: 'added', text: publishText(publishing.after, timeZone) },
                ]}
              />
            </dd>
          </div>
        )}
        {content !== null && (
          <div className="diff-field">
            <dt>{REVISION_TEXT.fieldLabels.content}</dt>
            <dd className="diff-text diff-body">{content.length ? <DiffText parts={content} /> : REVISION_TEXT.formattingOnly}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
