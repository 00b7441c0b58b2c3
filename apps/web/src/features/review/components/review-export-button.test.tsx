import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp } from '@/test/render-app';
import { serveBrainstorm } from '../testing/review-server';

const user = makeUser();
const csv = '\uFEFFid,brainstorm,title\r\n1,7,Coffee in the sink\r\n';

let downloads: { fileName: string; blob: Blob }[];

/** jsdom cannot save files: record what the page hands to the browser instead. */
function captureDownloads() {
  downloads = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:test/${++next}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    blobs.delete(url);
  };
  return vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ fileName: this.download, blob });
  });
}

/** Records the CSV exports asked of each list; the lists' pages get the default empty answer. */
function serveExports() {
  const exports: string[] = [];
  const answer = (path: string) =>
    http.get(path, ({ request }) => {
      const url = new URL(request.url);
      if (url.searchParams.get('format') !== 'csv') return undefined;
      exports.push(`${url.pathname}?${url.searchParams.toString()}`);
      return new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv' } });
    });
  server.use(answer('/api/ideas/'), answer('/api/ideas/unreviewed/'));
  return exports;
}

let anchorClicks: ReturnType<typeof captureDownloads>;

beforeEach(() => {
  serveBrainstorm();
  anchorClicks = captureDownloads();
});

afterEach(() => {
  anchorClicks.mockRestore();
});

describe('CSV export of the ideas under review', () => {
  it('exports the unreviewed ideas without hidden ones as brainstorm-{id}-ideas-review.csv', async () => {
    const exports = serveExports();
    const { user: actor } = renderApp('/brainstorms/7/review', { signedInAs: user });
    await actor.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => {
      expect(downloads).toHaveLength(1);
    });
    expect(downloads[0]?.fileName).toBe('brainstorm-7-ideas-review.csv');
    expect(exports).toEqual(['/api/ideas/unreviewed/?brainstorm=7&format=csv&is_hidden=false']);
  });

  it('exports the whole list when reviewed ideas are shown, hidden ones too with Show Hidden', async () => {
    const exports = serveExports();
    const { user: actor } = renderApp('/brainstorms/7/review?show_reviewed=true', {
      signedInAs: user,
    });
    await actor.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => {
      expect(downloads).toHaveLength(1);
    });
    await actor.click(screen.getByRole('checkbox', { name: 'Show Hidden' }));
    await actor.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => {
      expect(downloads).toHaveLength(2);
    });
    expect(exports).toEqual([
      '/api/ideas/?brainstorm=7&format=csv&is_hidden=false',
      '/api/ideas/?brainstorm=7&format=csv',
    ]);
  });

  it('holds only the filtered theme when the list is filtered by one', async () => {
    const exports = serveExports();
    const { user: actor } = renderApp('/brainstorms/7/review?theme=3', { signedInAs: user });
    await actor.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => {
      expect(downloads).toHaveLength(1);
    });
    expect(exports).toEqual([
      '/api/ideas/unreviewed/?brainstorm=7&format=csv&is_hidden=false&theme=3',
    ]);
  });

  it('says "No data received from the server" when the answer is empty', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    server.use(
      http.get('/api/ideas/unreviewed/', ({ request }) =>
        new URL(request.url).searchParams.get('format') === 'csv'
          ? new HttpResponse(null, { status: 200 })
          : undefined,
      ),
    );
    const { user: actor } = renderApp('/brainstorms/7/review', { signedInAs: user });
    await actor.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No data received from the server');
    expect(downloads).toEqual([]);
    expect(logged).toHaveBeenCalled();
  });
});
