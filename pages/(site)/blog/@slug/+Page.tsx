import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { Seo } from '../../../../components/Seo.tsx';
import { SITE_TEXT } from '../../../../shared/messages.ts';
import { postSharing } from '../../../../shared/sharing-image.ts';
import { blogPostingLd } from '../../../../shared/structured-data.ts';
import { PostView } from '../PostView.tsx';
import type { BlogPostData } from './+data.ts';

/** A post page: HTML only. */
export default function BlogPostPage() {
  const { post, related } = useData<BlogPostData>();
  const { siteUrl, settings } = usePageContext();
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
        breadcrumb={[
          { name: SITE_TEXT.nav.blog, path: '/blog' },
          { name: post.title, path },
        ]}
      />
      <PostView post={post} related={related} />
    </>
  );
}
