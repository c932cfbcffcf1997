import { useData } from 'vike-react/useData';
import { BlogBreadcrumb } from '../BlogBreadcrumb.tsx';
import { usePageContext } from 'vike-react/usePageContext';
import { CallToAction } from '../../../../components/CallToAction.tsx';
import { Seo } from '../../../../components/Seo.tsx';
import { formatLongDate } from '../../../../shared/dates.ts';
import { responsiveImage } from '../../../../shared/images.ts';
import { BLOG_TEXT, SITE_TEXT } from '../../../../shared/messages.ts';
import { featuredImageAlt } from '../../../../shared/blog.ts';
import { postSharing } from '../../../../shared/sharing-image.ts';
import { blogPostingLd } from '../../../../shared/structured-data.ts';
import { PostCard } from '../PostCard.tsx';
import { FEATURED_IMAGE_SIZE, PostMeta } from '../PostMeta.tsx';
import type { BlogPostData } from './+data.ts';

/** A post page: HTML only. The content was sanitised on save and again when it was read. */
export default function BlogPostPage() {
  const { post, related } = useData<BlogPostData>();
  const { siteUrl, timeZone, settings } = usePageContext();
  const path = `/blog/${post.slug}`;
  const sharing = postSharing(post);
  return (
    <>
      <Seo
        title={post.title}
        description={post.excerpt}
        path={path}
        type="article"
        image={sharing.image}
        imageAlt={sharing.alt}
        jsonLd={blogPostingLd(post, settings, siteUrl)}
        breadcrumb={[{ name: SITE_TEXT.nav.blog, path: '/blog' }, { name: post.title, path }]}
      />
      <article className="section post">
        <div className="container narrow">
          <BlogBreadcrumb current={post.title} />
          <header className="post-header">
            <h1>{post.title}</h1>
            <PostMeta post={post} date={formatLongDate(post.publishedAt, timeZone)} />
          </header>
          {post.featuredImage && (
            <img className="post-image" {...responsiveImage(post.featuredImage, 'post')} alt={featuredImageAlt(post)} {...FEATURED_IMAGE_SIZE} fetchPriority="high" />
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
