import { usePageContext } from 'vike-react/usePageContext';
import { CallToAction } from '../../../components/CallToAction.tsx';
import { type BlogPost, type BlogSummary, featuredImageAlt } from '../../../shared/blog.ts';
import { formatLongDate } from '../../../shared/dates.ts';
import { responsiveImage } from '../../../shared/images.ts';
import { BLOG_TEXT } from '../../../shared/messages.ts';
import { BlogBreadcrumb } from './BlogBreadcrumb.tsx';
import { PostCard } from './PostCard.tsx';
import { FEATURED_IMAGE_SIZE, PostMeta } from './PostMeta.tsx';

/**
 * A post as its public page shows it: the article, its related posts and the call to action. The post page and
 * both previews render this, so a preview is exactly the page visitors will get. The content was sanitised on save
 * and again when it was read.
 */
export function PostView({ post, related }: { post: BlogPost; related: BlogSummary[] }) {
  const { timeZone } = usePageContext();
  return (
    <>
      <article className="section post">
        <div className="container narrow">
          <BlogBreadcrumb current={post.title} />
          <header className="post-header">
            <h1>{post.title}</h1>
            <PostMeta post={post} date={formatLongDate(post.publishedAt, timeZone)} />
          </header>
          {post.featuredImage && (
            <img
              className="post-image"
              {...responsiveImage(post.featuredImage, 'post')}
              alt={featuredImageAlt(post)}
              {...FEATURED_IMAGE_SIZE}
              fetchPriority="high"
            />
          )}
          <div className="prose post-content" dangerouslySetInnerHTML={{ __html: post.content }} />
          <p className="post-back">
            <a href="/blog">{BLOG_TEXT.backToBlog}</a>
          </p>
        </div>
      </article>
      {related.length > 0 && (
        <section className="section section-alt related-posts" aria-labelledby="related-title">
          <div className="container">
            <h2 id="related-title">{BLOG_TEXT.related}</h2>
            <ul className="post-list post-list-related">
              {related.map((item) => (
                <li key={item.id}>
                  <PostCard post={item} timeZone={timeZone} headingLevel={3} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      <CallToAction {...BLOG_TEXT.cta} />
    </>
  );
}
