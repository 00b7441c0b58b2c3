// Browsers resolve relative request URLs against the page; Node's Request does not.
if (typeof window !== 'undefined') {
  const NodeRequest = globalThis.Request;

  class BrowserRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    }
  }

  globalThis.Request = BrowserRequest;
}
