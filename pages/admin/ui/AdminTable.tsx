import type { Key, ReactNode } from 'react';
import { TableScroll } from './TableScroll.tsx';

/** One column: its header and what each row shows in it. */
export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The cell's class, such as `wrap` for text that may break anywhere. */
  className?: string;
  /** The cell names its row for screen readers (`<th scope="row">`). */
  isRowHeader?: boolean;
}

export interface DataTableProps<Row> {
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Read by screen readers only. */
  caption?: string;
  className?: string;
  rowClassName?: (row: Row) => string | undefined;
}

/** A table built from its columns: a header cell per column, then a row per item. */
export function DataTable<Row>({ columns, rows, rowKey, caption, className, rowClassName }: DataTableProps<Row>) {
  return (
    <table className={className}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column, i) => (
            <th key={i} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName?.(row)}>
            {columns.map((column, i) =>
              column.isRowHeader ? (
                <th key={i} scope="row" className={column.className}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={i} className={column.className}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * An admin list as a table that scrolls sideways on small screens, or the `empty` text when there is nothing to
 * list. With `linkedRows` the whole row opens the item: the row's RowTarget link is stretched over it (CSS).
 */
export function AdminTable<Row>({
  label,
  empty,
  linkedRows = false,
  className,
  rowClassName,
  ...table
}: DataTableProps<Row> & { label: string; empty?: ReactNode; linkedRows?: boolean }) {
  if (empty !== undefined && table.rows.length === 0) return <>{empty}</>;
  const rowClasses = (row: Row) => [linkedRows ? 'row-link' : '', rowClassName?.(row) ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <TableScroll label={label}>
      <DataTable {...table} className={['admin-table', className ?? ''].filter(Boolean).join(' ')} rowClassName={rowClasses} />
    </TableScroll>
  );
}

/**
 * The link that opens a linked row. It stays the one real target for keyboards, screen readers, middle-clicks and
 * "open in new tab"; CSS stretches it over its row.
 */
export function RowTarget({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className="row-target">
      {children}
    </a>
  );
}
