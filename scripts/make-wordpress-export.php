<?php
/*
 * Run inside WordPress by scripts/make-wordpress-export.ts: fills a fresh site through WordPress's own functions,
 * as its editors would, then writes WordPress's own export (Tools → Export, "All content") to /tmp/export.xml.
 * Everything the import cares about is here once: posts in every status, a scheduled one, a binned one, pages with
 * a child, categories with a child, tags (one not in Latin letters), a post format, two authors with display names, uploaded
 * images with their sizes, a featured image, block-editor markup, [caption], [gallery], [embed] and a plugin's
 * shortcode, a comment and a menu.
 */
require '/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/image.php';
require_once ABSPATH . 'wp-admin/includes/export.php';

/** WordPress answers a refusal with false or a WP_Error: stop there, saying which. */
function must($value) {
	if (is_wp_error($value) || !$value) {
		throw new Exception('WordPress refused: ' . (is_wp_error($value) ? $value->get_error_message() : var_export($value, true)));
	}
	return $value;
}

// The installer's sample content (its addresses name the machine that built it) makes way for this site's own.
foreach (get_posts(['post_type' => 'any', 'post_status' => 'any', 'numberposts' => -1]) as $sample) {
	wp_delete_post($sample->ID, true);
}

update_option('blogname', 'Old Example Co');
update_option('blogdescription', 'IT news from the old site');
// Local times differ from GMT, as on any Australian site: the export has both.
update_option('timezone_string', 'Australia/Sydney');
update_option('permalink_structure', '/%year%/%monthnum%/%day%/%postname%/');
flush_rewrite_rules();

wp_update_user(['ID' => 1, 'first_name' => 'Alex', 'last_name' => 'Admin', 'display_name' => 'Alex Admin', 'user_email' => 'alex@old.example.com']);
$jo = must(wp_insert_user([
	'user_login' => 'jo', 'user_pass' => wp_generate_password(), 'user_email' => 'jo@old.example.com', 'first_name' => 'Jo',
	'last_name' => 'Writer', 'display_name' => 'Jo Writer', 'role' => 'author', 'user_registered' => '2024-01-02 00:00:00',
]));
wp_set_current_user(1);

$news = must(wp_insert_term('News', 'category', ['slug' => 'news']))['term_id'];
$tips = must(wp_insert_term('Hosting Tips', 'category', ['slug' => 'hosting-tips', 'parent' => $news]))['term_id'];
must(wp_insert_term('Web Hosting', 'post_tag', ['slug' => 'web-hosting']));
must(wp_insert_term('Backups', 'post_tag'));
must(wp_insert_term('Облако', 'post_tag'));

/** A one-colour PNG uploaded to wp-content/uploads/2024/03 as the media library does, its smaller sizes made too. */
function upload_image($name, $width, $height, $rgb, $title, $alt, $date) {
	$image = imagecreatetruecolor($width, $height);
	imagefill($image, 0, 0, imagecolorallocate($image, ...$rgb));
	ob_start();
	imagepng($image);
	$upload = wp_upload_bits($name, null, ob_get_clean(), '2024/03');
	if ($upload['error']) {
		throw new Exception($upload['error']);
	}
	$id = must(wp_insert_attachment(['post_title' => $title, 'post_mime_type' => 'image/png', 'post_status' => 'inherit', 'post_date' => $date], $upload['file']));
	wp_update_attachment_metadata($id, wp_generate_attachment_metadata($id, $upload['file']));
	update_post_meta($id, '_wp_attachment_image_alt', $alt);
	return $id;
}
$rack = upload_image('rack.png', 1200, 800, [40, 90, 160], 'Rack photo', 'A rack of servers', '2024-03-01 09:00:00');
$switch = upload_image('switch.png', 800, 600, [160, 90, 40], 'Switch photo', 'A network switch', '2024-03-01 09:05:00');
$rack_large = wp_get_attachment_image_url($rack, 'large');
$rack_medium = wp_get_attachment_image_url($rack, 'medium');

// The block editor's markup, as it saves an image block: the large size in the body, the original as the attachment.
$blocks = <<<HTML
<!-- wp:paragraph -->
<p>We moved our customers' mail to the cloud this month. Here is what changed &amp; why.</p>
<!-- /wp:paragraph -->

<!-- wp:heading -->
<h2 class="wp-block-heading">What you need to do</h2>
<!-- /wp:heading -->

<!-- wp:list -->
<ul><!-- wp:list-item -->
<li>Nothing, if you use webmail.</li>
<!-- /wp:list-item -->

<!-- wp:list-item -->
<li>Update your phone's mail settings.</li>
<!-- /wp:list-item --></ul>
<!-- /wp:list -->

<!-- wp:image {"id":$rack,"sizeSlug":"large","linkDestination":"none"} -->
<figure class="wp-block-image size-large"><img src="$rack_large" alt="A rack of servers" class="wp-image-$rack"/><figcaption class="wp-element-caption">The new rack</figcaption></figure>
<!-- /wp:image -->
HTML;
$cloud = must(wp_insert_post([
	'post_title' => 'Moving to the cloud', 'post_content' => $blocks, 'post_excerpt' => 'Mail moved to the cloud.', 'post_status' => 'publish',
	'post_date' => '2024-03-01 09:30:00', 'post_author' => 1, 'post_category' => [$news], 'tags_input' => ['Web Hosting', 'Backups'],
], true));
set_post_thumbnail($cloud, $rack);
stick_post($cloud);
wp_update_post(['ID' => $rack, 'post_parent' => $cloud]);

// The classic editor's text: blank lines for paragraphs, shortcodes as the media buttons insert them.
$classic = <<<TEXT
Our server room got a refresh.

[caption id="attachment_$rack" align="alignnone" width="300"]<img class="size-medium wp-image-$rack" src="$rack_medium" alt="A rack of servers" width="300" height="200" /> The rack, before the cabling[/caption]

Two photos from the day:

[gallery ids="$rack,$switch"]

[embed]https://www.youtube.com/watch?v=abc123[/embed]

Questions? [contact-form-7 id="12" title="Contact"]
TEXT;
wp_set_current_user($jo);
$room = must(wp_insert_post([
	'post_title' => 'Our new server room', 'post_content' => $classic, 'post_status' => 'publish', 'post_date' => '2024-02-10 14:00:00',
	'post_author' => $jo, 'post_category' => [$tips], 'tags_input' => ['Облако'],
], true));
// A post format is one more taxonomy on the post (its archive is /type/gallery/, not a category).
set_post_format($room, 'gallery');
must(wp_insert_comment([
	'comment_post_ID' => $room, 'comment_author' => 'A Reader', 'comment_author_email' => 'reader@example.com',
	'comment_content' => 'Looks tidy!', 'comment_date' => '2024-02-11 08:00:00', 'comment_approved' => 1,
]));
must(wp_insert_post(['post_title' => 'Coming in 2099', 'post_content' => '<p>Written ahead of time.</p>', 'post_status' => 'future',
	'post_date' => '2099-01-01 10:00:00', 'post_author' => $jo, 'post_category' => [$news]], true));
must(wp_insert_post(['post_title' => 'Half written', 'post_content' => '<p>Draft text.</p>', 'post_status' => 'draft',
	'post_date' => '2024-03-05 10:00:00', 'post_author' => $jo], true));
must(wp_insert_post(['post_title' => 'Waiting for review', 'post_content' => '<p>Pending text.</p>', 'post_status' => 'pending',
	'post_date' => '2024-03-06 10:00:00', 'post_author' => $jo], true));

wp_set_current_user(1);
must(wp_insert_post(['post_title' => 'Staff only', 'post_content' => '<p>Private text.</p>', 'post_status' => 'private',
	'post_date' => '2024-03-07 10:00:00', 'post_author' => 1], true));
must(wp_insert_post(['post_title' => 'Привет, мир', 'post_content' => '<p>Пост на русском.</p>', 'post_status' => 'publish',
	'post_date' => '2024-03-08 10:00:00', 'post_author' => 1], true));
$binned = must(wp_insert_post(['post_title' => 'Binned', 'post_content' => '<p>Trash.</p>', 'post_status' => 'publish',
	'post_date' => '2024-01-15 10:00:00', 'post_author' => 1], true));
wp_trash_post($binned);

$about = must(wp_insert_post(['post_type' => 'page', 'post_title' => 'About us', 'post_name' => 'about', 'post_status' => 'publish',
	'post_content' => "<!-- wp:paragraph -->\n<p>We have looked after Sydney offices since 2009.</p>\n<!-- /wp:paragraph -->",
	'post_date' => '2024-01-10 09:00:00', 'post_author' => 1], true));
must(wp_insert_post(['post_type' => 'page', 'post_title' => 'Our team', 'post_name' => 'team', 'post_parent' => $about,
	'post_status' => 'publish', 'post_content' => '<p>Alex and Jo.</p>', 'post_date' => '2024-01-11 09:00:00', 'post_author' => 1], true));
must(wp_insert_post(['post_type' => 'page', 'post_title' => 'Careers', 'post_status' => 'draft', 'post_content' => '<p>Join us.</p>',
	'post_date' => '2024-01-12 09:00:00', 'post_author' => 1], true));

$menu = must(wp_create_nav_menu('Main menu'));
must(wp_update_nav_menu_item($menu, 0, ['menu-item-object-id' => $about, 'menu-item-object' => 'page', 'menu-item-type' => 'post_type', 'menu-item-status' => 'publish']));
must(wp_update_nav_menu_item($menu, 0, ['menu-item-title' => 'Support portal', 'menu-item-url' => 'https://support.old.example.com/', 'menu-item-status' => 'publish']));

// What the clock wrote (a binned post's time, the modification times of items changed after they were made, the
// menu items' dates) is pinned, so that two runs give the same file.
global $wpdb;
$wpdb->query("UPDATE {$wpdb->posts} SET post_date = '2024-03-09 09:00:00', post_date_gmt = '2024-03-08 22:00:00' WHERE post_type = 'nav_menu_item'");
$wpdb->query("UPDATE {$wpdb->posts} SET post_modified = post_date, post_modified_gmt = post_date_gmt WHERE post_modified_gmt > '2024-12-31'");
update_post_meta($binned, '_wp_trash_meta_time', strtotime('2024-03-09 00:00:00 UTC'));
clean_post_cache($binned);

ob_start();
export_wp(['content' => 'all']);
file_put_contents('/tmp/export.xml', ob_get_clean());
