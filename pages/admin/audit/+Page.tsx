import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { AUDIT_ACTIONS, type AuditPage } from '../../../shared/admin.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { TableScroll } from '../ui/TableScroll.tsx';
import { formatDateTime } from '../ui/format.ts';

/** Who did what, when and from where: sign-ins, publishes, status changes, exports and deletions. */
export default function AuditPageView() {
  const { entries, nextCursor } = useData<AuditPage>();
  const { timeZone, urlParsed } = usePageContext();
  return (
    <AdminShell title="Audit log">
      {entries.length === 0 ? (
        <p>Nothing recorded yet.</p>
      ) : (
        <TableScroll label="Audit log">
          <table className="admin-table">
            <caption className="visually-hidden">Audit log, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Detail</th>
                <th scope="col">IP address</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{formatDateTime(e.createdAt, timeZone)}</td>
                  <td>{e.actor ?? '—'}</td>
                  <td>{AUDIT_ACTIONS[e.action as keyof typeof AUDIT_ACTIONS] ?? e.action}</td>
                  <td className="wrap">{e.target}</td>
                  <td>{e.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav aria-label="Pages" className="pager">
        {urlParsed.search.cursor && <a href="/admin/audit">Newest entries</a>}
        {nextCursor && (
          <a href={`/admin/audit?cursor=${encodeURIComponent(nextCursor)}`} rel="next">
            Older entries
          </a>
        )}
      </nav>
    </AdminShell>
  );
}
