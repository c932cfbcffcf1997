import { COMPANY } from '../shared/company.ts';

export default function HeadDefault() {
  return (
    <>
      <link rel="icon" href="/favicon.ico" sizes="32x32" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <meta name="theme-color" content="#0b2545" />
      <link rel="alternate" type="application/rss+xml" title={`${COMPANY.name} blog`} href="/rss.xml" />
    </>
  );
}
