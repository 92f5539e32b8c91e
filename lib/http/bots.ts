// Crawlers and link unfurlers: they get a plain status answer instead of an error page.
const BOT_PATTERN =
  /bot|crawler|spider|crawling|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegram|lighthouse-ci|headlesschrome-bot/i;

/** True for a user agent that belongs to a crawler rather than a person's browser. */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && BOT_PATTERN.test(userAgent);
}
