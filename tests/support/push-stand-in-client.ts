/** What a test asks of the local Web Push service (./push-stand-in.mjs) on `port`. */

export type StandInSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
};
export type ReceivedPush = { title: string; body: string; url: string; tag: string };

export function pushStandInClient(port: number) {
  const post = async (path: string, body: object = {}) => {
    const response = await fetch(`http://localhost:${port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.headers.get('content-type')?.includes('json') ? response.json() : null;
  };
  return {
    /** A new device's subscription, for this server's VAPID public key. */
    async subscribe(publicKey: string): Promise<StandInSubscription> {
      return (await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey: publicKey })).data;
    },
    /** The pushes a device received, decrypted: each as the JSON the server sent. */
    async received(subscription: StandInSubscription): Promise<ReceivedPush[]> {
      const answer = await post('/get-notifications', { clientHash: subscription.clientHash });
      return answer.data.messages.map((message: string) => JSON.parse(message));
    },
    /** The device unsubscribed: its push service answers 410 from now on. */
    expire: (subscription: StandInSubscription) => post(`/expire-subscription/${subscription.clientHash}`),
  };
}
