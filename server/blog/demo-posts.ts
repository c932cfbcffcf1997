/**
 * Demo blog posts for a fresh install. Slugs are derived from titles by shared/slug.ts, and each
 * featured image lives at public/images/blog/<slug>.svg.
 */
export interface DemoPost {
  title: string;
  excerpt: string;
  content: string;
  author: string;
  tags: readonly string[];
  featuredImage: string;
  publishedAt: string;
}

export const DEMO_POSTS: readonly DemoPost[] = [
  {
    title: 'Zero Trust for Small Business',
    excerpt:
      'Zero trust is not just for large enterprises. Here is how a 10 to 50 person business can adopt the core ideas without a big budget.',
    author: 'Priya Raman',
    tags: ['Security', 'Networking'],
    featuredImage: '/images/blog/zero-trust-for-small-business.svg',
    publishedAt: '2026-03-10T22:30:00.000Z',
    content: `
<p>For years, office networks were built like a castle: a strong wall at the edge and a lot of trust inside it. Once someone was on the office Wi-Fi or connected to the VPN, they could usually reach almost everything. That model made sense when staff worked at their desks and files lived on a server in the comms cupboard. It makes far less sense now that your team works from home, client sites and airport lounges, and most of your data sits in cloud services.</p>
<p><strong>Zero trust</strong> replaces that single wall with a simple rule: every request to access something is checked on its own merits, every time. Who is asking, from which device, and should they have access to this particular thing?</p>

<h2>The three ideas behind zero trust</h2>
<ul>
  <li><strong>Verify explicitly.</strong> Identity, device health and location are checked before access is granted, not just at login.</li>
  <li><strong>Least privilege.</strong> People get access to what their role needs and nothing more, ideally only for as long as they need it.</li>
  <li><strong>Assume breach.</strong> Design as if an attacker is already inside, so one compromised laptop cannot reach everything.</li>
</ul>

<h2>Where a small business should start</h2>
<p>You do not need to buy a zero trust product. Most organisations already pay for the tools they need through Microsoft 365 or Google Workspace. The work is in switching features on and tidying up permissions. In our experience, this order gives the best return for the effort:</p>
<ol>
  <li><strong>Turn on multi-factor authentication for everyone.</strong> Start with administrators and finance staff, then the rest of the team. Prefer an authenticator app or security key over SMS codes.</li>
  <li><strong>Separate admin accounts from everyday accounts.</strong> Nobody should read email while signed in with global administrator rights.</li>
  <li><strong>Check device health before granting access.</strong> Conditional access rules can require a managed, encrypted and up-to-date device before opening company data.</li>
  <li><strong>Review who can see what.</strong> Shared drives and Teams sites tend to collect years of "everyone can edit" permissions. Clean them up, starting with HR and finance folders.</li>
  <li><strong>Segment the office network.</strong> Put guests, printers and security cameras on their own networks so a compromised smart TV cannot talk to your accounting software.</li>
  <li><strong>Replace broad VPN access gradually.</strong> Modern zero trust network access tools publish individual applications rather than the whole network.</li>
</ol>

<blockquote>Zero trust is a direction of travel, not a box you tick. Each step you take shrinks the damage a single stolen password can do.</blockquote>

<h2>What it costs and what it changes</h2>
<p>For most small businesses the first four steps cost little beyond staff time, because the licences are already in place. The bigger change is cultural: staff will approve sign-ins on their phones and may occasionally be asked to update a device before opening a file. Explain why before you switch things on, and give people a week's notice. Resistance usually disappears once the team understands that MFA stops the most common attack they are likely to face.</p>
<p>If you would like a second opinion on where your business sits today, our <a href="/services?service=network-security">network security team</a> can review your current setup and give you a prioritised, plain-English plan.</p>
`.trim(),
  },
  {
    title: 'Moving Office Without Losing a Day of Work',
    excerpt:
      'An office move is a technology project in disguise. A realistic timeline and a weekend cut-over plan keep your team trading on Monday.',
    author: "Liam O'Connor",
    tags: ['Migrations', 'Planning'],
    featuredImage: '/images/blog/moving-office-without-losing-a-day-of-work.svg',
    publishedAt: '2026-04-15T00:00:00.000Z',
    content: `
<p>Most office relocations are planned around the lease, the fit-out and the removalists. The technology side often gets a few weeks of attention at the end, and that is when things go wrong: the internet service is not connected, the phones ring at the old address, and half the desks have no network port. With a bit of lead time, none of that needs to happen.</p>

<h2>Start with the internet connection</h2>
<p>Business-grade internet is the item with the longest lead time. A new fibre service can take anywhere from a few weeks to several months if civil works are required in the street or building. Order it as soon as the lease is signed, and ask the building manager early about access to the main distribution frame and riser. Plan a backup connection too, such as a 4G or 5G router, so that a late installation does not delay your move.</p>

<h2>A realistic timeline</h2>
<ol>
  <li><strong>Twelve weeks out:</strong> order internet services, request floor plans and arrange a site survey of the new premises.</li>
  <li><strong>Eight weeks out:</strong> finalise desk layouts, data cabling, Wi-Fi access point positions and the comms room design, including power and cooling.</li>
  <li><strong>Six weeks out:</strong> book the cabling contractor and confirm phone number porting with your provider.</li>
  <li><strong>Four weeks out:</strong> audit equipment, decide what will be replaced rather than moved, and order new hardware.</li>
  <li><strong>Two weeks out:</strong> install and test network equipment at the new site, with the internet live.</li>
  <li><strong>Moving weekend:</strong> shut down, pack, move, reconnect and test.</li>
</ol>

<h2>The cut-over weekend</h2>
<p>We aim to move on a Friday evening and finish testing by Sunday afternoon. Every device is labelled with its destination desk before it is unplugged, and cables are bagged with the equipment they belong to. At the new site, the network and servers come up first, followed by printers and phones, and finally desktops.</p>
<p>Testing is where moves are won or lost. Before we hand over, we work through a written checklist at every desk:</p>
<ul>
  <li>Sign in, open email and reach shared files</li>
  <li>Print to the nearest printer</li>
  <li>Make and receive a phone call</li>
  <li>Open line-of-business applications, including anything hosted off-site</li>
  <li>Confirm Wi-Fi coverage in meeting rooms and break-out spaces</li>
</ul>

<blockquote>A relocation that feels uneventful to your staff on Monday morning is the result of a very detailed plan made months earlier.</blockquote>

<h2>Monday morning</h2>
<p>Have someone from your IT provider on the floor from 7.30 am on the first day. Most issues are small, such as a monitor cable left in a box or a desk phone needing a restart, and they are fixed in minutes when someone is standing nearby. Keep a simple issues list so that nothing is forgotten.</p>
<p>Finally, do not forget the old premises. Cancel services that are no longer needed, recover any leased equipment, and securely wipe or destroy any drives left behind.</p>
<p>Planning a move this year? Our <a href="/services?service=rollouts-migrations">rollouts and migrations team</a> can manage the technology side from site survey to the first Monday, or you can <a href="/quote?service=rollouts-migrations">request a quote</a> with your move date and headcount.</p>
`.trim(),
  },
  {
    title: 'Shared Hosting, VPS or Managed WordPress',
    excerpt: 'Three common hosting options, what each one is good for, and the questions to ask before you move your business website.',
    author: 'Sophie Tran',
    tags: ['Hosting', 'WordPress', 'Web'],
    featuredImage: '/images/blog/shared-hosting-vps-or-managed-wordpress.svg',
    publishedAt: '2026-05-20T23:15:00.000Z',
    content: `
<p>When a client asks us where their website should live, the honest answer is that it depends on the site, the traffic and how much time they want to spend looking after it. The three options we are asked about most are shared hosting, a virtual private server and managed WordPress hosting. Each has its place.</p>

<h2>Shared hosting</h2>
<p>On shared hosting, your website sits on a server alongside many others and shares its processor, memory and storage. It is inexpensive and usually comes with a control panel, email accounts and one-click installers.</p>
<ul>
  <li><strong>Good for:</strong> brochure websites, small business sites with modest traffic, and new projects.</li>
  <li><strong>Watch out for:</strong> slowdowns when a neighbouring site is busy, limited control over server settings, and resource limits that are not always clearly published.</li>
</ul>

<h2>Virtual private server (VPS)</h2>
<p>A VPS gives you a guaranteed slice of a physical server with its own operating system. You can install what you like and tune it as you see fit, and performance is more predictable.</p>
<ul>
  <li><strong>Good for:</strong> custom applications, sites with steady higher traffic, and teams with technical staff.</li>
  <li><strong>Watch out for:</strong> responsibility. An unmanaged VPS means you, or your developer, handle security patches, backups, firewall rules and monitoring. An unpatched VPS is one of the most common ways small websites are compromised.</li>
</ul>

<h2>Managed WordPress hosting</h2>
<p>Managed WordPress platforms are tuned specifically for WordPress. The provider looks after caching, core updates, staging copies and backups, and often restricts plugins known to cause problems.</p>
<ul>
  <li><strong>Good for:</strong> businesses whose website is WordPress and who want it to stay fast and patched without thinking about it.</li>
  <li><strong>Watch out for:</strong> higher cost per site, rules about which plugins you may use, and pricing based on monthly visits.</li>
</ul>

<h2>Questions to ask any host</h2>
<ol>
  <li>Where are the servers located? For an Australian audience, local servers reduce page load times and can simplify privacy obligations.</li>
  <li>How often are backups taken, where are they stored, and how quickly can a site be restored?</li>
  <li>Who applies security updates to the server, and who updates the website software itself?</li>
  <li>What uptime is promised, and what happens if the host falls short?</li>
  <li>Is support available outside business hours, and is it provided by people who can actually fix the problem?</li>
</ol>

<blockquote>The cheapest plan is rarely the cheapest option once you count the hours spent fixing a slow or hacked website.</blockquote>

<h2>Our rule of thumb</h2>
<p>If your site is a straightforward WordPress build and nobody on your team wants to manage servers, choose managed WordPress. If you run a custom application or need specific software, a VPS makes sense, provided someone is responsible for maintaining it. Shared hosting remains a sensible, low-cost starting point for small sites, as long as backups and updates are covered.</p>
<p>Not sure which fits? Tell us about your site and traffic and we will recommend a plan. You can <a href="/quote?service=web-hosting">request a hosting quote</a> or read more about our <a href="/services?service=web-hosting">managed Australian web hosting</a>.</p>
`.trim(),
  },
  {
    title: 'Domain Eligibility and Transfers for .com.au Names',
    excerpt:
      'Australian domain names come with eligibility rules. Here is how to make sure your .com.au is held correctly and moves smoothly between registrars.',
    author: 'Sophie Tran',
    tags: ['Domains', 'Web'],
    featuredImage: '/images/blog/domain-eligibility-and-transfers-for-com-au-names.svg',
    publishedAt: '2026-06-24T01:00:00.000Z',
    content: `
<p>Your domain name is one of the few assets that every part of your business depends on. Your website, email and many of your cloud services rely on it. Yet domains are often registered years ago by a former staff member or web designer, renewed by whoever remembers, and held under details that no longer match the business. For .com.au names in particular, that can cause real problems.</p>

<h2>Who can hold a .com.au domain</h2>
<p>Australian domain names are overseen by auDA, and unlike most international domains they come with eligibility rules. To hold a .com.au name, the registrant must have an Australian presence, typically shown through an <strong>ABN, ACN or registered business name</strong>. The name itself must also have a connection to the registrant: it usually matches or abbreviates the business name, or closely relates to the products and services the business offers.</p>
<p>The direct .au namespace, where a domain such as example.au is possible, requires an Australian presence but does not apply the same connection test.</p>

<h2>Common problems we see</h2>
<ul>
  <li>The domain is registered to a cancelled ABN or a business that has since been restructured.</li>
  <li>The registrant contact email belongs to someone who left years ago.</li>
  <li>The domain is held in the personal name of a web designer or former director.</li>
  <li>Nobody knows which registrar holds the domain or when it expires.</li>
</ul>
<p>Each of these makes renewals, transfers and disputes harder, and a domain with invalid eligibility details can be suspended or cancelled following an audit.</p>

<h2>Transferring a .com.au between registrars</h2>
<p>Moving a domain to a new registrar is usually straightforward once the details are correct. Before you start:</p>
<ol>
  <li>Confirm the registrant details, including the ABN or ACN, are accurate and current.</li>
  <li>Make sure the registrant contact email is one you can access.</li>
  <li>Obtain the domain password, sometimes called the authInfo code, from your current registrar.</li>
  <li>Record your existing DNS records: website, email (MX), SPF, DKIM, DMARC and any verification entries.</li>
  <li>Avoid transferring in the final days before expiry, so a delay does not cause an outage.</li>
</ol>
<p>Note that changing registrar is different from changing registrant. If the business that owns the domain is changing, for example after a sale or restructure, that is a separate change of ownership process with its own paperwork.</p>

<h2>Keep DNS running during the move</h2>
<p>The most common cause of email outages during a transfer is DNS. If your DNS is hosted by the old registrar, copy every record to the new DNS host before switching name servers, then check them carefully. A checklist as simple as this saves a lot of stress:</p>
<pre><code>Before:  export or screenshot every DNS record
During:  recreate records at the new DNS host, then update name servers
After:   test website, send and receive email, check SPF/DKIM/DMARC</code></pre>

<h2>Keep it tidy from now on</h2>
<p>Hold every domain in the organisation's name, use a shared role address such as it@ or admin@ for contacts, and turn on auto-renewal. Keep a single register of domains, expiry dates and registrars.</p>
<p>If your domains are scattered across several registrars or you are unsure who holds them, our <a href="/services?service=domain-management">domain management service</a> can audit, consolidate and monitor them for you.</p>
`.trim(),
  },
  {
    title: 'What 99.9% Uptime Really Means',
    excerpt:
      'Uptime figures sound similar, but the difference between 99.9% and 99.99% is hours of downtime a year. Here is how to read an uptime promise.',
    author: 'Daniel Whitford',
    tags: ['Hosting', 'Reliability'],
    featuredImage: '/images/blog/what-99-9-uptime-really-means.svg',
    publishedAt: '2026-08-05T22:45:00.000Z',
    content: `
<p>Almost every hosting provider and managed service agreement quotes an uptime figure. We do too: our hosting and managed services target <strong>99.9% uptime</strong>. But percentages close to 100 are hard to reason about, and the fine print matters as much as the number. Here is what these figures mean in practice.</p>

<h2>Turning percentages into time</h2>
<p>The easiest way to understand an uptime figure is to convert the remaining fraction into minutes and hours of allowed downtime:</p>
<pre><code>Uptime    Downtime per year    Downtime per 30-day month
99%       3 days 15.6 hours    7 hours 12 minutes
99.5%     43.8 hours           3 hours 36 minutes
99.9%     8 hours 45 minutes   43 minutes
99.95%    4 hours 23 minutes   21.6 minutes
99.99%    52.6 minutes         4.3 minutes</code></pre>
<p>Each extra nine cuts allowed downtime by a factor of ten, and typically increases the cost of delivering the service considerably. For most small and medium business websites, 99.9% is a sensible balance: under an hour of disruption a month in the worst case, and usually far less.</p>

<h2>What the fine print usually says</h2>
<p>An uptime figure is only as meaningful as the definitions behind it. When you read a service level agreement, look for answers to these questions:</p>
<ul>
  <li><strong>What counts as down?</strong> Is it a complete outage, or does a site that loads in 30 seconds also count?</li>
  <li><strong>How is it measured?</strong> By the provider's own monitoring, by an independent service, or from several locations?</li>
  <li><strong>What is excluded?</strong> Scheduled maintenance is commonly excluded, as are problems caused by your own code, plugins or DNS changes.</li>
  <li><strong>Over what period?</strong> A monthly calculation is stricter than a yearly one, because a single bad day cannot be averaged out over twelve months.</li>
  <li><strong>What happens if it is missed?</strong> Usually a service credit, a partial refund of the monthly fee. Credits rarely match the cost of lost business.</li>
</ul>

<blockquote>An uptime promise tells you how reliable a provider intends to be. Their monitoring, maintenance habits and response times tell you how reliable they will actually be.</blockquote>

<h2>Uptime is only part of the picture</h2>
<p>A server can be up while your website is effectively unusable. Slow database queries, an expired SSL certificate or a broken plugin can all leave visitors staring at an error page while the uptime graph shows green. That is why we monitor the things your customers experience: that pages load, that certificates are valid and that forms actually submit.</p>
<p>Equally important is how quickly someone responds when something fails. A 99.9% target backed by 24/7 support and a tested restore process is worth far more than a 99.99% promise with an email-only help desk.</p>

<h2>Questions worth asking your provider</h2>
<ol>
  <li>Can I see your uptime history for the past twelve months?</li>
  <li>How will I be notified of incidents and scheduled maintenance?</li>
  <li>How quickly can you restore my site from backup, and when did you last test it?</li>
</ol>
<p>If you would like hosting with clear definitions and Australian-based support, take a look at our <a href="/services?service=web-hosting">web hosting plans</a> or <a href="/quote?service=web-hosting">ask for a quote</a>.</p>
`.trim(),
  },
  {
    title: 'A Practical Checklist for Your Next Hardware Refresh',
    excerpt:
      'Replacing a fleet of laptops touches every person in the business. This checklist covers planning, build, data, scheduling and secure disposal.',
    author: "Liam O'Connor",
    tags: ['Hardware', 'Rollouts', 'Planning'],
    featuredImage: '/images/blog/a-practical-checklist-for-your-next-hardware-refresh.svg',
    publishedAt: '2026-09-09T00:30:00.000Z',
    content: `
<p>Most businesses replace their computers every three to five years. With Windows 10 having reached end of support in October 2025, many organisations have been through a refresh recently, and others are still catching up. Whether you are replacing ten laptops or three hundred, the same steps apply. This is the checklist we use on our own rollouts.</p>

<h2>1. Know what you have</h2>
<ul>
  <li>Build an up-to-date asset register: device, user, age, warranty status and specifications.</li>
  <li>List the software each team uses, including licence keys and installers for anything not delivered through the cloud.</li>
  <li>Note special cases, such as CAD workstations, reception PCs or devices connected to lab equipment.</li>
</ul>

<h2>2. Choose a standard</h2>
<p>Fewer models mean fewer drivers, spare parts and surprises. Pick one or two laptop models and one desktop model where possible, and standardise docks, monitors and headsets at the same time. Check that the warranty includes on-site service and covers the full period you plan to keep the devices.</p>

<h2>3. Build once, deploy many</h2>
<p>Modern deployment tools such as Windows Autopilot with Intune let a new device configure itself when the user signs in for the first time. Before rolling out to everyone:</p>
<ol>
  <li>Create the standard build, security baseline and application set.</li>
  <li>Test it with a pilot group of three to five people from different teams.</li>
  <li>Fix what the pilot finds, then freeze the build for the rollout.</li>
</ol>

<h2>4. Plan the data</h2>
<p>If files already live in OneDrive, SharePoint or Google Drive, data migration is mostly a matter of confirming sync has finished. Check for the usual stragglers: files saved to the desktop or downloads folder, browser bookmarks, email signatures and local application data.</p>

<h2>5. Schedule around people</h2>
<ul>
  <li>Book swap times with each user, avoiding month end for finance and peak periods for sales.</li>
  <li>Allow around 30 minutes per person for a hands-on handover and quick check.</li>
  <li>Keep a few spare, pre-built devices for anyone whose new machine has a fault.</li>
</ul>

<blockquote>Users judge a rollout by their first ten minutes with the new device. Make those minutes count with a prepared desk, working sign-in and someone nearby to answer questions.</blockquote>

<h2>6. Dispose of old devices properly</h2>
<p>Old laptops and desktops still contain business data. Every drive should be securely wiped using a recognised sanitisation method, or physically destroyed, with a certificate recorded against the asset register. Equipment that still has value can be resold or donated once wiped, and the rest should go to a certified e-waste recycler rather than landfill.</p>

<h2>7. Close the loop</h2>
<ul>
  <li>Update the asset register with new serial numbers, users and warranty dates.</li>
  <li>Remove old devices from your management tools and security software licences.</li>
  <li>Collect feedback from staff and note lessons for the next refresh.</li>
</ul>
<p>We run refreshes of every size, from single offices to multi-site rollouts. See how our <a href="/services?service=rollouts-migrations">rollouts and migrations</a> and <a href="/services?service=it-imacd">IT IMACD</a> services can take the workload off your team.</p>
`.trim(),
  },
  {
    title: 'The Essential Eight Explained for Small Teams',
    excerpt:
      'The Essential Eight is the Australian Government’s baseline for cyber security. Here is what each strategy means in practice for a small team.',
    author: 'Priya Raman',
    tags: ['Security', 'Compliance'],
    featuredImage: '/images/blog/the-essential-eight-explained-for-small-teams.svg',
    publishedAt: '2026-10-14T23:00:00.000Z',
    content: `
<p>The Essential Eight is a set of mitigation strategies published by the Australian Signals Directorate (ASD) to help organisations protect themselves against common cyber threats. It was written with government agencies in mind, but it has become a practical baseline for businesses of every size, and insurers, clients and tender documents increasingly ask about it.</p>

<h2>The eight strategies in plain English</h2>
<ol>
  <li><strong>Application control.</strong> Only approved software is allowed to run, which stops most malicious programs before they start.</li>
  <li><strong>Patch applications.</strong> Keep browsers, office software, PDF readers and other internet-facing applications up to date, prioritising known exploited vulnerabilities.</li>
  <li><strong>Configure Microsoft Office macro settings.</strong> Block macros from the internet and only allow those your business genuinely relies on.</li>
  <li><strong>User application hardening.</strong> Turn off features attackers commonly abuse, such as outdated browser plug-ins and unnecessary scripting.</li>
  <li><strong>Restrict administrative privileges.</strong> Give admin rights only to those who need them, on separate accounts, and review them regularly.</li>
  <li><strong>Patch operating systems.</strong> Keep Windows, macOS and server operating systems supported and updated, and retire systems that no longer receive updates.</li>
  <li><strong>Multi-factor authentication.</strong> Require a second factor for email, remote access and any system holding important data.</li>
  <li><strong>Regular backups.</strong> Back up important data, software and settings, keep copies protected from tampering, and test restores.</li>
</ol>

<h2>Understanding maturity levels</h2>
<p>Each strategy is assessed against maturity levels from Zero to Three. Level One is designed to stop opportunistic attackers using widely available tools; higher levels defend against more capable and targeted adversaries. For most small businesses, reaching <strong>Maturity Level One across all eight strategies</strong> is a realistic and valuable first goal.</p>

<blockquote>Being consistent across all eight strategies matters more than excelling at one. A single weak control is often all an attacker needs.</blockquote>

<h2>Where to start</h2>
<p>If you are starting from scratch, we usually suggest this order, because it gives the largest reduction in risk for the least disruption:</p>
<ul>
  <li>Multi-factor authentication for email and remote access</li>
  <li>Automatic patching for operating systems and common applications</li>
  <li>Removing everyday admin rights from staff accounts</li>
  <li>Backups that are separate from your main systems and tested</li>
  <li>Macro restrictions and application hardening through central policy</li>
  <li>Application control, once the environment is well understood</li>
</ul>
<p>Application control is often the hardest for small teams, because it requires a clear picture of which software is in use. Leaving it until last is sensible, but it should not be left out.</p>

<h2>Measure, then improve</h2>
<p>An assessment gives you a starting point and a way to show progress to your board, insurer or clients. Record what is in place for each strategy, what is missing and who is responsible, and review it every quarter. Security is not a one-off project, but a short, steady list of improvements is far easier to manage than a large overhaul.</p>
<p>Our <a href="/services?service=network-security">network security service</a> includes an Essential Eight maturity assessment and a prioritised remediation plan. If you would like to know where you stand, <a href="/quote?service=network-security">get in touch for a quote</a>.</p>
`.trim(),
  },
  {
    title: 'Backups That Work: The 3-2-1 Rule and a Restore Test',
    excerpt:
      'A backup is only useful if you can restore from it. Here is how to apply the 3-2-1 rule and run a simple restore test every quarter.',
    author: 'Daniel Whitford',
    tags: ['Backups', 'Security', 'Reliability'],
    featuredImage: '/images/blog/backups-that-work-the-3-2-1-rule-and-a-restore-test.svg',
    publishedAt: '2026-11-11T22:00:00.000Z',
    content: `
<p>Almost every business we meet believes its data is backed up. Far fewer have tried restoring it recently. Ransomware, accidental deletion, failed hardware and even a cancelled cloud subscription can all leave you relying on backups, and that is the worst possible moment to discover they do not work.</p>

<h2>The 3-2-1 rule</h2>
<p>The 3-2-1 rule is a simple, widely used guideline for backup design:</p>
<ul>
  <li><strong>3 copies of your data:</strong> the live data plus two backups.</li>
  <li><strong>2 different types of storage:</strong> for example, a local backup appliance and cloud storage, so one failure cannot take out both.</li>
  <li><strong>1 copy off-site:</strong> somewhere a fire, flood or break-in at the office cannot reach.</li>
</ul>
<p>Many organisations now extend this to <strong>3-2-1-1-0</strong>: one copy that is immutable or offline, so ransomware cannot encrypt or delete it, and zero errors when backups are verified.</p>

<h2>Do not forget cloud services</h2>
<p>Microsoft 365 and Google Workspace are highly available, but availability is not the same as backup. Retention for deleted items is limited, and a compromised account can delete or encrypt files that then sync everywhere. A third-party backup of mailboxes, OneDrive, SharePoint and Teams is worth considering for any business that depends on them.</p>

<h2>Running a restore test</h2>
<p>A restore test does not have to be complicated. Once a quarter, pick a sample and work through these steps:</p>
<ol>
  <li><strong>Choose what to restore.</strong> Rotate between a single file, a full mailbox, a database and, at least once a year, a complete server or virtual machine.</li>
  <li><strong>Restore to a safe location.</strong> Use an isolated folder or test network so you do not overwrite live data.</li>
  <li><strong>Check it works.</strong> Open the files, start the application and confirm the data is complete and from the expected date.</li>
  <li><strong>Time it.</strong> Record how long the restore took. This tells you whether you can meet your recovery time objective.</li>
  <li><strong>Write it down.</strong> Note what was tested, the result, any problems and who performed the test.</li>
</ol>
<p>A simple log entry is enough to show your insurer or auditor that the process is real:</p>
<pre><code>Date:        2026-11-04
Tested:      Finance share, folder "2026 BAS"
Source:      Off-site cloud copy, 3 days old
Restored to: Isolated test server
Duration:    18 minutes
Result:      Pass, all files opened correctly
Tested by:   D. Whitford</code></pre>

<blockquote>The goal of a backup system is not to take backups. It is to restore data quickly and reliably when you need it.</blockquote>

<h2>Decide what "quickly" means</h2>
<p>Two measures help set expectations. The <strong>recovery point objective</strong> is how much data you can afford to lose, such as one day's work. The <strong>recovery time objective</strong> is how long you can operate without a system. Agree on both with the business owners of each system, then design backups to suit. Your accounting system and a marketing archive rarely need the same level of protection.</p>
<p>Regular, tested backups are also one of the Essential Eight strategies, so this work contributes to your broader security posture. If you would like help designing or testing your backups, our <a href="/services?service=datacenter">datacenter solutions team</a> can review your setup and run a restore test with you.</p>
`.trim(),
  },
];
