// The console's shell: session, header, hash routing, focus management and announcements.
import { createApi } from './api.js';
import { banner, clear, errorBanner, h } from './dom.js';
import { parseHash, sectionOf } from './router.js';
import { createSignOut, keyEnvironment, storeKey, storedKey } from './session.js';
import { changesView } from './views/changes.js';
import { isAbort, pageHeader } from './views/common.js';
import { itcJobView, itcView } from './views/itc.js';
import { jobView } from './views/job.js';
import { jobsView } from './views/jobs.js';
import { portfolioView } from './views/portfolio.js';
import { portfoliosView } from './views/portfolios.js';
import { signInView } from './views/signin.js';
import { verifyView } from './views/verify.js';
import { walletView } from './views/wallet.js';

const VIEWS = {
  signin: signInView,
  wallet: walletView,
  jobs: jobsView,
  job: jobView,
  portfolios: portfoliosView,
  portfolio: portfolioView,
  changes: changesView,
  verify: verifyView,
  itc: itcView,
  itcjob: itcJobView,
};

const TITLES = { signin: 'Sign in', wallet: 'Wallet', jobs: 'Bulk jobs', job: 'Bulk job', portfolios: 'Portfolios', portfolio: 'Portfolio', changes: 'Change report', verify: 'Verify', itc: 'ITC check', itcjob: 'ITC check' };
const DEFAULT_ROUTE = '#/wallet';

const main = document.getElementById('main');
const nav = document.getElementById('nav');
const session = document.getElementById('session');
const envPill = document.getElementById('env-pill');
const live = document.getElementById('live');

let controller = null;
let flashed = null;
let afterSignIn = null;

/** Polite announcement for screen readers (progress, results); cleared first so a repeat is read again. */
function announce(text) {
  live.textContent = '';
  setTimeout(() => {
    live.textContent = text;
  }, 30);
}

function navigate(hash) {
  if (location.hash === hash) render();
  else location.hash = hash;
}

// Several calls refused at once (a revoked key) sign out once, so the first one's message is shown.
const signOut = createSignOut({
  flash: (message) => {
    flashed = message ?? { kind: 'success', title: 'Signed out', message: 'Your key was removed from this tab.' };
  },
  navigate,
});

const api = createApi({
  getKey: storedKey,
  onUnauthorized: () => signOut({ kind: 'error', title: 'Signed out', message: 'The API key was refused: it may have been revoked. Sign in with a valid key.' }),
});

function onSignedIn(key, environment) {
  storeKey(key);
  flashed = null;
  const target = afterSignIn ?? DEFAULT_ROUTE;
  afterSignIn = null;
  announce(`Signed in with a ${environment ?? keyEnvironment(key) ?? ''} key.`);
  navigate(target);
}

function updateChrome(routeName, key) {
  const signedIn = Boolean(key);
  nav.hidden = !signedIn;
  session.hidden = !signedIn;
  const environment = keyEnvironment(key);
  envPill.textContent = environment === 'live' ? 'Live' : 'Sandbox';
  envPill.className = `env-pill env-${environment ?? 'sandbox'}`;
  envPill.title = environment === 'live' ? 'Live key: real sources, real charges' : 'Sandbox key: synthetic registry for testing';
  const section = sectionOf(routeName);
  for (const a of nav.querySelectorAll('a[data-section]')) {
    if (a.dataset.section === section) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  document.body.dataset.route = routeName;
}

function notFoundView(target) {
  target.append(
    pageHeader('Page not found'),
    banner('warning', 'There is nothing at this address', h('p', {}, 'The link may be mistyped. ', h('a', { href: DEFAULT_ROUTE }, 'Go to the wallet'), '.')),
  );
}

function render() {
  const hash = location.hash;
  // In-page anchors (not "#/…") are not routes.
  if (hash !== '' && !hash.startsWith('#/')) return;
  const route = parseHash(hash);
  const key = storedKey();

  if (!key && route.name !== 'signin') {
    if (route.name !== 'home' && route.name !== 'notfound') afterSignIn = `#${route.path}`;
    location.replace('#/signin');
    return;
  }
  if (key && (route.name === 'signin' || route.name === 'home')) {
    location.replace(DEFAULT_ROUTE);
    return;
  }

  controller?.abort();
  controller = new AbortController();
  updateChrome(route.name, key);
  document.title = `${TITLES[route.name] ?? 'Not found'} · Console`;
  clear(main);
  const message = flashed;
  flashed = null;
  const ctx = {
    api,
    params: route.params,
    signal: controller.signal,
    environment: keyEnvironment(key),
    announce,
    navigate,
    onSignedIn,
    flashed: message,
    flash: (m) => {
      flashed = m;
    },
  };
  const view = VIEWS[route.name];
  try {
    if (view) view(main, ctx);
    else notFoundView(main);
  } catch (error) {
    if (!isAbort(error)) main.append(errorBanner(error));
  }
  if (message && route.name !== 'signin') main.querySelector('.page-head')?.after(banner(message.kind, message.title, h('p', {}, message.message)));
  // Focus the new page's heading so keyboard and screen-reader users start at the top of it.
  document.getElementById('page-title')?.focus({ preventScroll: true });
  window.scrollTo(0, 0);
}

document.getElementById('sign-out').addEventListener('click', () => {
  // With no key left to forget (storage cleared elsewhere) there is still the sign-in page to go to.
  if (!signOut()) navigate('#/signin');
});
// The skip link moves focus without touching the hash (which holds the route).
document.querySelector('.skip-link').addEventListener('click', (event) => {
  event.preventDefault();
  main.focus();
});
window.addEventListener('hashchange', render);
render();
