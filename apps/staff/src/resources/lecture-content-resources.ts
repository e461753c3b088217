import type { ResourceProps } from 'react-admin';
import { AttachmentCreate, AttachmentEdit } from './attachments';
import { LectureExamCreate, LectureExamEdit } from './lecture-exams';
import { VideoCreate, VideoEdit } from './videos';

/**
 * A lecture's videos, attachments and attached exams: pages to make and edit them, no list of
 * their own (they are listed on their lecture's page, so none is in the menu).
 * @example lectureContentResources.map((r) => <Resource key={r.name} {...r} />)
 */
export const lectureContentResources: ResourceProps[] = [
  { name: 'videos', create: VideoCreate, edit: VideoEdit, recordRepresentation: 'name' },
  {
    name: 'attachments',
    create: AttachmentCreate,
    edit: AttachmentEdit,
    recordRepresentation: 'name',
  },
  { name: 'lecture-exams', create: LectureExamCreate, edit: LectureExamEdit },
];
