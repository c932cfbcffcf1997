// A page staff made answers at its own address, one path segment (docs/product.md#new-pages); the site's own
// routes are static, so they win over this one.
export default '/@address';
