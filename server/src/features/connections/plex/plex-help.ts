// What Settings > "Connected apps" says beside Plex's form (the web section shows these texts).

/** How to find the X-Plex-Token (support.plex.tv, "Finding an authentication token"). */
export const PLEX_TOKEN_HELP =
  'Sign in to Plex Web App with the account whose history you want, open any movie or episode, choose ··· > Get Info, ' +
  'then View XML. The address of the page that opens ends with X-Plex-Token=: paste what follows the equals sign. ' +
  'For the server address, use the one you reach your server at, for example http://192.168.1.20:32400.';

/** Where Plex's webhooks are set (they need a Plex Pass on the server's account). */
export const PLEX_WEBHOOK_HELP =
  'To hear of a film the moment you finish it, add the webhook address below in Plex Web App: your account menu > ' +
  'Account settings > Webhooks > Add Webhook (Plex sends webhooks with a Plex Pass). Without it, Plex is read on a schedule.';
