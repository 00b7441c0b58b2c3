import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/lib/api/schema';
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

function serveBrainstorm(id = 7) {
  const brainstorm: components['schemas']['Brainstorm'] = {
    id,
    title: 'Worse kitchens',
    description: '',
    type: 'bad_idea_contest',
    type_display: 'Bad Idea Contest',
    parameters: { problem: 'The kitchen is too tidy', themes: [], type: 'bad_idea_contest' },
    project: null,
    created_by: user.id,
    ideas_count: 0,
    blind_review: false,
    created: '2026-02-15T09:30:00.000Z',
    modified: '2026-02-15T09:30:00.000Z',
  };
  server.use(http.get(`/api/brainstorms/${id}/`, () => HttpResponse.json(brainstorm)));
}

/**
 * Answers the export in `format` with `answer`; the page's list requests get the default empty
 * page.
 */
function serveExport(answer: () => Response | Promise<Response>, format = 'csv') {
  const exports: URLSearchParams[] = [];
  server.use(
    http.get('/api/ideas/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      if (query.get('format') !== format) return undefined;
      exports.push(query);
      return answer();
    }),
  );
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

describe('CSV export of the ideas', () => {
  it('downloads the list export as brainstorm-{id}-ideas.csv, saying "Exporting..." meanwhile', async () => {
    const hold = deferred();
    const exports = serveExport(async () => {
      await hold.promise;
      return new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    });
    const { user: actor } = renderApp('/brainstorms/7', { signedInAs: user });
    await actor.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('button', { name: 'Exporting...' })).toBeDisabled();
    hold.release();
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(exports.map((query) => query.toString())).toEqual(['brainstorm=7&format=csv']);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.fileName).toBe('brainstorm-7-ideas.csv');
    // Saved byte for byte, the BOM that tells spreadsheets it is UTF-8 included.
    const bytes = new Uint8Array((await downloads[0]?.blob.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(csv);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends one export on a double click', async () => {
    const exports = serveExport(
      () => new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv' } }),
    );
    renderApp('/brainstorms/7', { signedInAs: user });
    clickTwiceAtOnce(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => {
      expect(downloads).toHaveLength(1);
    });
    expect(exports).toHaveLength(1);
  });

  it('says "No data received from the server" and saves nothing when the answer is empty', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    serveExport(() => new HttpResponse(null, { status: 200 }));
    const { user: actor } = renderApp('/brainstorms/7', { signedInAs: user });
    await actor.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No data received from the server');
    expect(downloads).toEqual([]);
    // The failed download is reported like every failed mutation.
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
    const { user: actor } = renderApp('/brainstorms/7', { signedInAs: user });
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

  it('says why when the server refuses a download because too many are under way', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    const detail = 'You already have 2 downloads under way; wait for one to finish.';
    serveExport(() =>
      HttpResponse.json({ detail }, { status: 429, headers: { 'Retry-After': '5' } }),
    );
    const { user: actor } = renderApp('/brainstorms/7', { signedInAs: user });
    await actor.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(downloads).toEqual([]);
    expect(logged).toHaveBeenCalled();
  });
});

describe('JSON export of the ideas', () => {
  it('downloads the list export with my annotations as brainstorm-{id}-ideas.json', async () => {
    const json = '[{"id":1,"title":"Coffee in the sink","user_annotation":null}]';
    const exports = serveExport(
      () => new HttpResponse(json, { headers: { 'Content-Type': 'application/json' } }),
      'json',
    );
    const { user: actor } = renderApp('/brainstorms/7', { signedInAs: user });
    // Beside Export CSV, which stays as it is.
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    await actor.click(screen.getByRole('button', { name: 'Export JSON' }));
    await waitFor(() => {
      expect(downloads).toHaveLength(1);
    });
    expect(exports.map((query) => query.toString())).toEqual([
      'brainstorm=7&format=json&with_annotations=true',
    ]);
    expect(downloads[0]?.fileName).toBe('brainstorm-7-ideas.json');
    expect(await downloads[0]?.blob.text()).toBe(json);
    expect(screen.getByRole('button', { name: 'Export JSON' })).toBeEnabled();
  });
});
