import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickTwiceAtOnce } from '@/test/click-twice';
import { deferred, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp } from '@/test/render-app';

const user = makeUser();
const csv = '\uFEFFid,brainstorm,title\r\n1,7,Coffee in the sink\r\n';

interface Download {
  fileName: string;
  blob: Blob;
}

let downloads: Download[];

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

/** Answers the CSV export with `answer`; the page's list requests get the default empty page. */
function serveExport(answer: () => Response | Promise<Response>) {
  const exports: URLSearchParams[] = [];
  server.use(
    http.get('/api/ideas/reviewed/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      if (query.get('format') !== 'csv') return undefined;
      exports.push(query);
      return answer();
    }),
  );
  return exports;
}

let anchorClicks: ReturnType<typeof captureDownloads>;

beforeEach(() => {
  anchorClicks = captureDownloads();
});

afterEach(() => {
  anchorClicks.mockRestore();
});

describe('CSV export of the saved ideas', () => {
  it('downloads my saved ideas as saved-ideas.csv, saying "Exporting..." meanwhile', async () => {
    const hold = deferred();
    const exports = serveExport(async () => {
      await hold.promise;
      return new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    });
    const { user: actor } = renderApp('/saved', { signedInAs: user });
    await actor.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('button', { name: 'Exporting...' })).toBeDisabled();
    hold.release();
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(exports.map((query) => query.toString())).toEqual([
      'user_filter=current&is_bookmarked=true&include_duplicates=true&format=csv',
    ]);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.fileName).toBe('saved-ideas.csv');
    const bytes = new Uint8Array((await downloads[0]?.blob.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(csv);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends one export on a double click', async () => {
    const exports = serveExport(
      () => new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv' } }),
    );
    renderApp('/saved', { signedInAs: user });
    clickTwiceAtOnce(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => {
      expect(downloads).toHaveLength(1);
    });
    expect(exports).toHaveLength(1);
  });

  it('says "No data received from the server" and saves nothing when the answer is empty', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    serveExport(() => new HttpResponse(null, { status: 200 }));
    const { user: actor } = renderApp('/saved', { signedInAs: user });
    await actor.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No data received from the server');
    expect(downloads).toEqual([]);
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('export'),
      new Error('No data received from the server'),
    );
  });

  it('reports a failed export and lets the user try again', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    let failing = true;
    serveExport(() =>
      failing
        ? HttpResponse.json({ detail: 'Down.' }, { status: 500 })
        : new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv' } }),
    );
    const { user: actor } = renderApp('/saved', { signedInAs: user });
    await actor.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Export failed. Please try again.');
    expect(downloads).toEqual([]);
    expect(logged).toHaveBeenCalled();
    failing = false;
    await actor.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => {
      expect(downloads).toHaveLength(1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
