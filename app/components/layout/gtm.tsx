/**
 * Google Tag Manager container snippet. Rendered only
 * when GTM_ID is configured; carries the CSP nonce of the request so the strict script policy holds.
 */
const GTM_ID = /^GTM-[A-Z0-9]+$/;

export function GtmScript({ gtmId, nonce }: { gtmId: string | null | undefined; nonce?: string }) {
  if (!gtmId || !GTM_ID.test(gtmId)) return null;
  const code = `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;var n=d.querySelector('script[nonce]');if(n){j.setAttribute('nonce',n.nonce||n.getAttribute('nonce'));}f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','${gtmId}');`;
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      data-testid="gtm-script"
      dangerouslySetInnerHTML={{ __html: code }}
    />
  );
}

export function GtmNoScript({ gtmId }: { gtmId: string | null | undefined }) {
  if (!gtmId || !GTM_ID.test(gtmId)) return null;
  return (
    <noscript>
      <iframe
        title="Google Tag Manager"
        src={`https://www.googletagmanager.com/ns.html?id=${gtmId}`}
        height="0"
        width="0"
        style={{ display: "none", visibility: "hidden" }}
      />
    </noscript>
  );
}
