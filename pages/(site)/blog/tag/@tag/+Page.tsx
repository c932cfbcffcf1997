import { Head } from 'vike-react/Head';
import { BlogBreadcrumb } from '../../BlogBreadcrumb.tsx';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { PageHero } from '../../../../../components/PageHero.tsx';
import { Seo } from '../../../../../components/Seo.tsx';
import { BLOG_TEXT, SITE_TEXT } from '../../../../../shared/messages.ts';
import { LoadMoreLink, PostList, pagesHref } from '../../PostList.tsx';
import type { BlogTagData } from './+data.ts';

/**
 * A tag's page (docs/product.md#blog-tags): its public posts, newest first, with the blog list's cards and its
 * Load More link (`?page=N`). HTML only; its RSS feed is named in the head.
 */
export default function BlogTagPage() {
  const { page, path, pages } = useData<BlogTagData>();
  const { timeZone, settings } = usePageContext();
  const title = BLOG_TEXT.tagTitle(page.tag);
  const feed = `${path}/rss.xml`;
  return (
    <>
      <Seo
        title={pages > 1 ? BLOG_TEXT.tagOlderTitle(page.tag) : title}
        description={BLOG_TEXT.tagDescription(page.tag, settings.name)}
        path={pagesHref(path, pages)}
        breadcrumb={[
          { name: SITE_TEXT.nav.blog, path: '/blog' },
          { name: title, path },
        ]}
      />
      <Head>
        <link rel="alternate" type="application/rss+xml" title={BLOG_TEXT.tagFeedTitle(settings.name, page.tag)} href={feed} />
      </Head>
      <PageHero title={title} lead={BLOG_TEXT.tagLead} />
      <section className="section">
        <div className="container blog-layout">
          <BlogBreadcrumb current={title} />
          <PostList posts={page.posts} timeZone={timeZone} label={BLOG_TEXT.postsList} />
          <div className="blog-more">
            {page.nextCursor !== null && <LoadMoreLink path={path} pages={pages} />}
            <a className="button button-ghost-dark" href="/blog">
              {BLOG_TEXT.allPosts}
            </a>
          </div>
          <p className="feed-link">
            <a href={feed}>{BLOG_TEXT.tagFeed}</a>
          </p>
        </div>
      </section>
    </>
  );
}
