import type { ComponentChildren } from 'preact';
import { ApiError, call } from '../lib/api';
import { forPeople, useLoad } from '../lib/ui';

interface VideoLink {
  url: string;
  expiresAt: number;
  byteSize: number;
}

/** The Run's video link (GET /api/runs/{runId}/video), or null when the Run kept none. */
async function readVideo(runId: string): Promise<VideoLink | null> {
  try {
    return await call<VideoLink>('GET', `/api/runs/${runId}/video`);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/**
 * The Run's steps, with its video beside them when it recorded one (stacked on a narrow screen).
 * The player loads the video from this origin through a link that lives minutes, asked for as the
 * page shows the ended Run; a Run without a video shows its steps alone.
 */
export function WithVideo({ runId, ended, children }: { runId: string; ended: boolean; children: ComponentChildren }) {
  const video = useLoad(() => (ended ? readVideo(runId) : Promise.resolve(null)), [runId, ended]);
  if (!video.value && !video.error) return <>{children}</>;
  return (
    <div class="with-video">
      <div>{children}</div>
      <figure class="run-video">
        {video.value ? (
          <video controls preload="metadata" src={video.value.url} aria-label="Video of the Run" />
        ) : (
          <p class="error">Could not read the video: {forPeople(video.error ?? '')}</p>
        )}
        <figcaption class="muted">
          The Run as the browser showed it, up to the first secret it typed (the video stops there; later steps have
          their screenshots). For your organization only; it expires with the trace.
        </figcaption>
      </figure>
    </div>
  );
}
