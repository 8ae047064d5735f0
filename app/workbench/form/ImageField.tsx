// An image question of a repeat: uploads (JPG/PNG, size and count limits), preview and removal. Loaded lazily with
// the first image page (antd Upload is used nowhere else in the form).
import { memo } from "react";
import { Upload, message } from "antd";
import type { UploadFile, UploadProps } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { OK } from "../../lib/api";
import { call, client } from "../../lib/api-client";
import { DEFAULT_IMAGE_SIZE, IMAGE_MAX_BYTES, WB_MSG, splitPicIds, surveyImageUrl } from "../../../workers/contract/workbench";
import { fieldKey } from "../form-store";
import { Label, useField, type FieldProps } from "../fields";

export const ImageField = memo(function ImageField({ q, indexNo, store, readOnly }: FieldProps) {
  const key = fieldKey(q.id, indexNo);
  const state = useField(store, key);
  const keys = splitPicIds(state.value.answerPicId);
  const limit = q.imageSize ?? DEFAULT_IMAGE_SIZE;
  const fileList: UploadFile[] = keys.map((k) => ({ uid: k, name: k, status: "done", url: surveyImageUrl(k), thumbUrl: surveyImageUrl(k) }));
  const beforeUpload: UploadProps["beforeUpload"] = (file) => {
    if (file.type !== "image/jpeg" && file.type !== "image/png") {
      void message.error(WB_MSG.imageType);
      return Upload.LIST_IGNORE;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      void message.error(WB_MSG.imageSize);
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  const customRequest: UploadProps["customRequest"] = async ({ file, onSuccess, onError }) => {
    const form = { file: file as Blob, id: String(store.surveyId), answerId: String(q.id), indexNo: String(indexNo), url: store.value(key).answerPicId };
    store.tracker.begin();
    const body = await call((o) => client.api.surveyInfo.answer.addImage.$post({ form }, o), { signal: AbortSignal.timeout(60_000) });
    store.tracker.end(`img:${key}`, body.code === OK);
    if (body.code === OK && body.data) {
      store.setStored(key, { answerPicId: body.data.answerPicId });
      onSuccess?.(body.data);
    } else onError?.(new Error(body.msg));
  };
  return (
    <div className={`wb-field wb-field--image${state.error ? " wb-field--error" : ""}`} data-field={key}>
      <Label q={q} htmlFor={`q-${key.replace(":", "-")}`} />
      <Upload
        id={`q-${key.replace(":", "-")}`}
        listType="picture-card"
        accept="image/jpeg,image/png"
        fileList={fileList}
        disabled={readOnly}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        showUploadList={{ showRemoveIcon: !readOnly, showPreviewIcon: true }}
        onPreview={(f) => f.url && window.open(f.url, "_blank", "noopener")}
        onRemove={(f) => {
          store.edit(key, { answerPicId: keys.filter((k) => k !== f.uid).join(";") });
          return true;
        }}
      >
        {!readOnly && keys.length < limit ? (
          <button type="button" className="wb-upload-button">
            <PlusOutlined />
            <span>上传图片</span>
          </button>
        ) : null}
      </Upload>
      <div className="wb-field__note">
        JPG、PNG，单张不超过10Mb，最多{limit}张（已上传{keys.length}张）
      </div>
      {state.error && (
        <div className="wb-field__msg" role="alert">
          保存失败，正在重试
        </div>
      )}
    </div>
  );
});
